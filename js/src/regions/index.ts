// The region kinds the front end can draw: kind -> its module. A new kind is a new module and
// one line here.

import type { Region } from "../types";
import * as cards from "./cards";
import type { RegionKind } from "./common";
import * as deck from "./deck";
import * as dice from "./dice";
import * as fortress from "./fortress";
import * as grid from "./grid";
import * as piles from "./piles";
import * as spaces from "./spaces";
import * as towers from "./towers";
import * as track from "./track";

type Kinds = { [K in Region["kind"]]: RegionKind<Extract<Region, { kind: K }>> };

const KINDS: Kinds = { piles, towers, grid, dice, cards, deck, spaces, fortress, track };

/** The module that draws a region of this kind, or undefined for a kind it does not know. */
export function regionKind(kind: unknown): RegionKind<Region> | undefined {
  return typeof kind === "string" && Object.hasOwn(KINDS, kind) ? (KINDS[kind as Region["kind"]] as RegionKind<Region>) : undefined;
}
