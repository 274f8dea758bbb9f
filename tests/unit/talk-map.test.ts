import { gzipSync } from 'node:zlib';
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';

import { baseMapSvg, dotRadius, MAP_VIEWBOX, projectPlace } from '@/lib/places/map';

/**
 * The map of talks (issue 47): the base map a route serves as a file, and the positions and sizes of the
 * dots a page draws over it. The SVG is read back with an XML parser and its path data decoded here, by
 * SVG's rules, independently of the code that wrote it.
 */

type Point = [number, number];

/**
 * The rings of path data written with relative m, l (implicit after m) and z, as absolute points. After
 * z the current point is the start of the ring just closed (SVG 2, 9.3.4).
 */
function decodeRings(data: string): Point[][] {
  const rings: Point[][] = [];
  let current: Point = [0, 0];
  for (const [, command, numbers] of data.matchAll(/([a-zA-Z])([^a-zA-Z]*)/g)) {
    if (command === 'z') {
      current = rings.at(-1)![0]!;
      continue;
    }
    expect(command, 'only relative moves, lines and closes').toMatch(/^[ml]$/);
    const values = (numbers!.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
    expect(values.length % 2, `pairs of numbers after ${command}`).toBe(0);
    if (command === 'm') rings.push([]);
    for (let i = 0; i < values.length; i += 2) {
      current = [current[0] + values[i]!, current[1] + values[i + 1]!];
      rings.at(-1)!.push(current);
    }
  }
  return rings;
}

/** The winding number of the rings around `point`: SVG's default nonzero rule fills where it is not 0. */
function winding(rings: Point[][], [x, y]: Point): number {
  let total = 0;
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i += 1) {
      const [x0, y0] = ring[i]!;
      const [x1, y1] = ring[(i + 1) % ring.length]!;
      const side = (x1 - x0) * (y - y0) - (x - x0) * (y1 - y0);
      if (y0 <= y && y1 > y && side > 0) total += 1;
      else if (y0 > y && y1 <= y && side < 0) total -= 1;
    }
  }
  return total;
}

const svg = baseMapSvg();
const document = parseDocument(svg, { xmlMode: true });
const elements = DomUtils.findAll(() => true, document.children);
const paths = elements.filter((element) => element.name === 'path');
const rings = decodeRings(paths[0]?.attribs.d ?? '');

const overLand = (lat: number, lng: number) => {
  const at = projectPlace(lat, lng);
  expect(at, `${lat}, ${lng} on the map`).not.toBeNull();
  return winding(rings, [at!.x, at!.y]) !== 0;
};

describe('the base map', () => {
  it('is one SVG element with its namespace, viewBox, role and title, and reads back as the same XML', () => {
    expect(document.children.filter(DomUtils.isTag).map((root) => root.name)).toEqual(['svg']);
    const root = elements[0]!;
    expect(root.attribs).toMatchObject({
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: `0 0 ${MAP_VIEWBOX.width} ${MAP_VIEWBOX.height}`,
      role: 'img',
    });
    expect(DomUtils.textContent(elements.find((element) => element.name === 'title')!)).toMatch(/\w/);
    // A tag left open, a stray < or & or an unquoted attribute would not come back the same.
    expect(DomUtils.getOuterHTML(document, { xmlMode: true, decodeEntities: false })).toBe(svg);
  });

  it('draws the land as exactly one path, with nothing to run and nothing fetched', () => {
    expect(paths).toHaveLength(1);
    expect(elements.map((element) => element.name).sort()).toEqual(['path', 'svg', 'title']);
    for (const element of elements) {
      for (const name of Object.keys(element.attribs)) expect(name).not.toMatch(/^on|href$/i);
    }
    expect(svg).not.toMatch(/<script|href|url\(|@import/i);
  });

  it('writes the path in whole pixels, relative to the point before, every point inside the viewBox', () => {
    const data = paths[0]!.attribs.d!;
    expect(data).toMatch(/^(m-?\d+(?: ?-?\d+)*z)+$/);
    expect(rings.length).toBeGreaterThan(50);
    expect(rings.filter((ring) => ring.length < 3)).toEqual([]);
    const outside = rings.flat().filter(([x, y]) => x < 0 || x > MAP_VIEWBOX.width || y < 0 || y > MAP_VIEWBOX.height);
    expect(outside).toEqual([]);
  });

  it('is 640 wide and less high than wide, Antarctica left off', () => {
    expect(MAP_VIEWBOX.width).toBe(640);
    expect(MAP_VIEWBOX.height).toBeGreaterThan(250);
    expect(MAP_VIEWBOX.height).toBeLessThan(320);
    expect(projectPlace(-77.85, 166.67), 'McMurdo Station').toBeNull();
    expect(projectPlace(-54.8, -68.3), 'Ushuaia').not.toBeNull();
  });

  it('stays under 20,000 bytes, and under 6,000 gzipped', () => {
    expect(Buffer.byteLength(svg)).toBeLessThan(20_000);
    expect(gzipSync(svg).length).toBeLessThan(6_000);
  });

  it('is the same document every time', () => {
    expect(baseMapSvg()).toBe(svg);
  });
});

describe('places on the map', () => {
  it('puts London in the middle, in the upper half, east of the Atlantic', () => {
    const london = projectPlace(51.507, -0.128)!;
    expect(london.x / MAP_VIEWBOX.width).toBeGreaterThan(0.45);
    expect(london.x / MAP_VIEWBOX.width).toBeLessThan(0.55);
    expect(london.y).toBeLessThan(MAP_VIEWBOX.height / 2);
    expect(london.x).toBeGreaterThan(projectPlace(40.713, -74.006)!.x);
  });

  it('puts Sydney to the lower right and Honolulu to the left', () => {
    const sydney = projectPlace(-33.868, 151.207)!;
    expect(sydney.x / MAP_VIEWBOX.width).toBeGreaterThan(0.8);
    expect(sydney.y / MAP_VIEWBOX.height).toBeGreaterThan(0.7);
    expect(projectPlace(21.307, -157.858)!.x / MAP_VIEWBOX.width).toBeLessThan(0.15);
  });

  it('gives positions to a tenth of a pixel', () => {
    const { x, y } = projectPlace(48.853, 2.349)!;
    expect(Math.round(x * 10) / 10).toBe(x);
    expect(Math.round(y * 10) / 10).toBe(y);
  });

  it('puts inland cities over the land drawn, and open ocean outside it', () => {
    for (const [lat, lng] of [
      [51.507, -0.128], // London
      [40.417, -3.704], // Madrid
      [55.756, 37.617], // Moscow
      [41.878, -87.63], // Chicago
      [-15.794, -47.882], // Brasília
      [-1.286, 36.817], // Nairobi
      [-23.698, 133.88], // Alice Springs
      [28.614, 77.209], // New Delhi
    ]) {
      expect(overLand(lat!, lng!), `${lat}, ${lng}`).toBe(true);
    }
    for (const [lat, lng] of [
      [30, -40], // the Atlantic
      [0, -140], // the Pacific
      [-30, 80], // the Indian Ocean
    ]) {
      expect(overLand(lat!, lng!), `${lat}, ${lng}`).toBe(false);
    }
  });
});

describe('dot sizes', () => {
  it('runs from 3 for one talk to 12 for the busiest place', () => {
    expect(dotRadius(1, 10)).toBe(3);
    expect(dotRadius(10, 10)).toBe(12);
    expect(dotRadius(1, 1)).toBe(3);
  });

  it('grows with the count, each talk adding the same area', () => {
    const radii = Array.from({ length: 20 }, (_, index) => dotRadius(index + 1, 20));
    for (let i = 1; i < radii.length; i += 1) expect(radii[i]).toBeGreaterThan(radii[i - 1]!);
    // Area (in units of π) from 3² for one talk to 12² for twenty, in equal steps; radii to a tenth of a pixel.
    radii.forEach((radius, index) => expect(Math.abs(radius - Math.sqrt(9 + (index * (144 - 9)) / 19))).toBeLessThanOrEqual(0.05 + 1e-9));
  });

  it('keeps counts outside 1..max to the ends', () => {
    expect(dotRadius(0, 10)).toBe(3);
    expect(dotRadius(30, 10)).toBe(12);
  });
});
