import 'server-only';
import { geoEqualEarth, geoPath, type GeoContext, type GeoProjection } from 'd3-geo';
import type { MultiPolygon as GeoMultiPolygon } from 'geojson';
import { merge } from 'topojson-client';
import type { GeometryCollection, MultiPolygon, Polygon, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';

/**
 * The map of talks (issue 47), drawn on the server: the world's land as one SVG path, served once as its
 * own cacheable file, and the position of a place on it for the dots a page draws over it in the same
 * viewBox. Natural Earth's 1:110m outlines (world-atlas), in the Equal Earth projection, whose areas are
 * true so that no continent looks larger than it is.
 */

const WIDTH = 640;

/** Natural Earth's id (ISO 3166-1 numeric) for Antarctica, left off: no talk is given there, and it would take a third of the height. */
const ANTARCTICA = '010';

/**
 * Rings smaller than this (px², once rounded) are left out: islands a pixel or two across, which cost
 * bytes and show nothing at this width.
 */
const MIN_RING_AREA = 2;

interface BaseMap {
  projection: GeoProjection;
  land: GeoMultiPolygon;
  height: number;
}

let baseMap: BaseMap | undefined;

/** The land and the projection fitted to it, made on first use and kept. */
function loadBaseMap(): BaseMap {
  if (baseMap) return baseMap;
  const topology = countries110m as unknown as Topology<{ countries: GeometryCollection }>;
  // The land is merged from the countries rather than read from the `land` object, which cannot leave
  // Antarctica out.
  const land = merge(
    topology,
    topology.objects.countries.geometries.filter((country): country is Polygon | MultiPolygon => country.id !== ANTARCTICA && (country.type === 'Polygon' || country.type === 'MultiPolygon')),
  );
  const projection = geoEqualEarth().fitWidth(WIDTH, land);
  const [, [, bottom]] = geoPath(projection).bounds(land);
  baseMap = { projection, land, height: Math.ceil(bottom) };
  return baseMap;
}

/** The map's coordinate system: the base map's viewBox, which the dots' overlay must share. */
export const MAP_VIEWBOX: { readonly width: number; readonly height: number } = {
  width: WIDTH,
  // Read when asked, so that importing this module does not build the map.
  get height() {
    return loadBaseMap().height;
  },
};

type Point = [x: number, y: number];

/** Twice the signed area of a ring (the shoelace formula). */
function doubleArea(ring: readonly Point[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i += 1) {
    const [x0, y0] = ring[i]!;
    const [x1, y1] = ring[(i + 1) % ring.length]!;
    sum += x0 * y1 - x1 * y0;
  }
  return sum;
}

/** Whether `b` lies on the straight way from `a` to `c`, so that the segment a→c draws the same as a→b→c. */
function between(a: Point, b: Point, c: Point): boolean {
  const cross = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
  const dot = (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1]);
  return cross === 0 && dot > 0;
}

/**
 * A d3 path context that writes SVG path data in whole pixels, relative to the previous point: most steps
 * are one or two digits, and gzip finds the repeats. Points are rounded where they lie (not step by step),
 * so errors never add up along a coastline. Points that round onto the one before, or onto the straight
 * line between their neighbours, are left out, as are rings under MIN_RING_AREA.
 */
class IntegerPathData implements GeoContext {
  private data = '';
  /** Where the pen is: the first point of the last ring drawn, as `z` leaves it. */
  private pen: Point = [0, 0];
  private ring: Point[] = [];

  beginPath() {}

  moveTo(x: number, y: number) {
    this.ring = [[Math.round(x), Math.round(y)]];
  }

  lineTo(x: number, y: number) {
    const point: Point = [Math.round(x), Math.round(y)];
    const last = this.ring.at(-1)!;
    if (point[0] === last[0] && point[1] === last[1]) return;
    if (this.ring.length >= 2 && between(this.ring.at(-2)!, last, point)) this.ring.pop();
    this.ring.push(point);
  }

  closePath() {
    const ring = this.ring;
    this.ring = [];
    const first = ring[0]!;
    while (ring.length > 1 && ring.at(-1)![0] === first[0] && ring.at(-1)![1] === first[1]) ring.pop();
    if (ring.length < 3 || Math.abs(doubleArea(ring)) < 2 * MIN_RING_AREA) return;
    let text = '';
    let [x, y] = this.pen;
    // After `m`, further pairs are lines (SVG 2, 9.3.3): no `l` needed.
    for (const [index, point] of ring.entries()) {
      text += `${index === 0 ? 'm' : separated(point[0] - x)}${point[0] - x}${separated(point[1] - y)}${point[1] - y}`;
      [x, y] = point;
    }
    this.data += `${text}z`;
    this.pen = first;
  }

  arc() {
    // Only points are drawn as arcs, and the land has none.
  }

  result(): string {
    return this.data;
  }
}

/** What goes before a number in path data: nothing when its minus sign already separates it. */
function separated(value: number): string {
  return value < 0 ? '' : ' ';
}

let svg: string | undefined;

/**
 * The whole base map as a standalone SVG document: the land as one path in whole pixels, nothing to run
 * and nothing fetched. The same document every time, so that it can be cached and given one ETag.
 */
export function baseMapSvg(): string {
  if (svg !== undefined) return svg;
  const { projection, land, height } = loadBaseMap();
  const context = new IntegerPathData();
  geoPath(projection, context)(land);
  svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img">` +
    `<title>Map of the world</title><path d="${context.result()}"/></svg>`;
  return svg;
}

/** A place's position in the viewBox, to a tenth of a pixel; null if it falls outside the map (Antarctica). */
export function projectPlace(lat: number, lng: number): { x: number; y: number } | null {
  const { projection, height } = loadBaseMap();
  const point = projection([lng, lat]);
  if (!point) return null;
  const [x, y] = point.map((value) => Math.round(value * 10) / 10) as Point;
  if (!Number.isFinite(x) || !Number.isFinite(y) || x < 0 || x > WIDTH || y < 0 || y > height) return null;
  return { x, y };
}

const DOT = { min: 3, max: 12 } as const;

/**
 * The radius of the dot for a place with `count` talks when the busiest place has `max`: 3 for one talk,
 * 12 for the busiest, and in between each talk adds the same area, so that the eye, which compares
 * areas, reads the counts. (Strictly proportional areas cannot hold both ends.) To a tenth of a pixel.
 */
export function dotRadius(count: number, max: number): number {
  const most = Math.max(1, max);
  const share = most === 1 ? 0 : (Math.min(Math.max(count, 1), most) - 1) / (most - 1);
  return Math.round(Math.sqrt(DOT.min ** 2 + share * (DOT.max ** 2 - DOT.min ** 2)) * 10) / 10;
}
