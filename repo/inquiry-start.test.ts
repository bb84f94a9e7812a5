/** @jest-environment node */
import { inquiryStep } from '../scripts/lib/inquiry-step';

const SEEDED = [{ name: 'catalogue' }, { name: 'blog' }, { name: 'panel' }];

describe('what npm start does about the inquiry team’s app', () => {
  it('registers and deploys it on a builds folder whose registry nobody changed', () => {
    expect(inquiryStep({ registry: null, liveVersion: null })).toBe('register-and-deploy');
  });

  it('deploys it again when it is registered with nothing live (a first deploy that failed)', () => {
    expect(inquiryStep({ registry: [...SEEDED, { name: 'inquiry' }], liveVersion: null })).toBe('deploy');
  });

  it('leaves alone a live one, and one the platform removed or never registered', () => {
    expect(inquiryStep({ registry: [...SEEDED, { name: 'inquiry' }], liveVersion: 'abc123' })).toBe('nothing');
    expect(inquiryStep({ registry: SEEDED, liveVersion: null })).toBe('nothing');
  });
});
