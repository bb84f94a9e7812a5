import { render, screen } from '@testing-library/react';
import { IMAGE_WIDTHS } from '../images/image-widths';
import { ResponsiveImage } from './responsive-image';

test('the allowed widths are the breakpoints at 1× and 2×', () => {
  expect(IMAGE_WIDTHS).toEqual([320, 640, 768, 1024, 1280, 1536, 2048, 2560, 3072]);
});

test('an upload becomes a WebP srcset up to twice its display width, sized so nothing shifts, lazy', () => {
  render(<ResponsiveImage src="/uploads/cover.svg" alt="جلد" width={1200} height={630} displayWidth={640} />);
  const image = screen.getByRole('img', { name: 'جلد' });
  expect(image).toHaveAttribute('src', '/_/img?src=%2Fuploads%2Fcover.svg&w=640');
  expect(image.getAttribute('srcset')?.split(', ')).toEqual(
    [320, 640, 768, 1024, 1280].map((width) => `/_/img?src=%2Fuploads%2Fcover.svg&w=${width} ${width}w`),
  );
  expect(image).toHaveAttribute('width', '640');
  expect(image).toHaveAttribute('height', '336');
  expect(image).toHaveAttribute('loading', 'lazy');
});

test("the page's main image loads at once with high priority", () => {
  render(<ResponsiveImage src="/uploads/cover.svg" alt="جلد" width={1200} height={630} displayWidth={1024} priority />);
  const image = screen.getByRole('img', { name: 'جلد' });
  expect(image).toHaveAttribute('loading', 'eager');
  expect(image).toHaveAttribute('fetchpriority', 'high');
});

test('anything but an upload path is shown as it is', () => {
  render(<ResponsiveImage src="https://cdn.example/a.png" alt="بیرونی" width={100} height={100} displayWidth={100} />);
  expect(screen.getByRole('img', { name: 'بیرونی' })).toHaveAttribute('src', 'https://cdn.example/a.png');
  expect(screen.getByRole('img', { name: 'بیرونی' })).not.toHaveAttribute('srcset');
});
