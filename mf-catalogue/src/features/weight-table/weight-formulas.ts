/**
 * The steel weight formulas of (data/domain/weights.md, "Formulas"): nominal mass per metre of carbon steel
 * (density 7850 kg/m³) from a section's dimensions in millimetres. Pure functions: the calculator
 * and the unit tests (against every tabulated section) use the same ones.
 */

export const STEEL_DENSITY_KG_PER_M3 = 7850;
/** Mass of one metre of a 1 mm² cross-section: 7850 kg/m³ · 10⁻⁶ m² = 0.00785 kg. */
const KG_PER_MM2_PER_METRE = STEEL_DENSITY_KG_PER_M3 * 1e-6;

/** Mass per metre (kg) of any cross-section area in mm². */
export const kgPerMetreOfArea = (areaMm2: number) => areaMm2 * KG_PER_MM2_PER_METRE;

/** Round bar or rebar of diameter d: π/4 · d². */
export const roundBarKgPerMetre = (diameter: number) => kgPerMetreOfArea((Math.PI / 4) * diameter ** 2);

/** Square bar of side a. */
export const squareBarKgPerMetre = (side: number) => kgPerMetreOfArea(side ** 2);

/** Hexagonal bar, s across flats: (√3/2) · s². */
export const hexBarKgPerMetre = (acrossFlats: number) => kgPerMetreOfArea((Math.sqrt(3) / 2) * acrossFlats ** 2);

/** Flat bar b × t, or a strip of sheet of width b and thickness t. */
export const flatBarKgPerMetre = (width: number, thickness: number) => kgPerMetreOfArea(width * thickness);

/** Sheet or plate of thickness t: kg per square metre (7.85 · t). */
export const plateKgPerSquareMetre = (thickness: number) => flatBarKgPerMetre(1000, thickness);

/** Round pipe of outside diameter D and wall t: π · (D − t) · t. */
export const pipeKgPerMetre = (outsideDiameter: number, wall: number) =>
  kgPerMetreOfArea(Math.PI * (outsideDiameter - wall) * wall);

/** EN 10219 outside corner radius of a cold-formed hollow section: 2t up to 6 mm, 2.5t up to 10 mm, 3t above. */
export const hollowSectionCornerRadius = (wall: number) => (wall <= 6 ? 2 : wall <= 10 ? 2.5 : 3) * wall;

/**
 * Square or rectangular hollow section B × H × t with its corner radii (the exact formula):
 * A = 2t(B + H − 2t) − (4 − π)(ro² − ri²), ri = ro − t.
 */
export function hollowSectionKgPerMetre(width: number, height: number, wall: number): number {
  const outer = hollowSectionCornerRadius(wall);
  const inner = outer - wall;
  return kgPerMetreOfArea(2 * wall * (width + height - 2 * wall) - (4 - Math.PI) * (outer ** 2 - inner ** 2));
}

/** Parallel-flange I or H section (IPE, HE): A = 2·b·tf + (h − 2tf)·tw + (4 − π)·r². */
export function iSectionKgPerMetre(
  height: number,
  flangeWidth: number,
  webThickness: number,
  flangeThickness: number,
  rootRadius: number,
): number {
  return kgPerMetreOfArea(
    2 * flangeWidth * flangeThickness + (height - 2 * flangeThickness) * webThickness + (4 - Math.PI) * rootRadius ** 2,
  );
}

/** Equal angle a × a × t without its root and toe radii (weights.md: ~1–2 % under the tables). */
export const equalAngleKgPerMetre = (leg: number, thickness: number) =>
  kgPerMetreOfArea((2 * leg - thickness) * thickness);

/** The weight of `count` pieces of `lengthMetres` each, in kg. */
export const totalKg = (kgPerMetre: number, lengthMetres: number, count: number) => kgPerMetre * lengthMetres * count;
