// TypeScript declarations of catacomb-wasm (index.js).

/** Terrain names by their byte value in `CatacombMap.tiles`. */
export declare const TERRAINS: readonly ['wall', 'floor', 'corridor', 'door', 'water', 'vegetation', 'road',
                                         'ladder', 'platform'];

/** A cell: [x, y] or {x, y}; x the column, y the row, origin top-left. */
export type Cell = [number, number] | { x: number; y: number };

/**
 * A generator config: exactly the keys of `catacomb generate --config` files (the flags, with '_'
 * between words), the seed, and the template set, theme and mission as content (no file system in
 * a browser). A key not listed here is refused at run time too ("config key \"room_cout\"
 * (expected one of ...)"); bindings/wasm/test keeps this list equal to the module's. Limits:
 * `catacomb generate --help`.
 */
export interface GenerateConfig {
  /** rooms, caves or platformer (side view). */
  generator?: 'rooms' | 'caves' | 'platformer';
  /** 0 to 2^64-1: a number up to 2^53, a BigInt or decimal text beyond. */
  seed?: number | bigint | string;
  /** Map width in tiles (rooms 16+, caves 3+, at most 16384). */
  width?: number;
  /** Map height in tiles (rooms 16+, caves 3+, at most 16384). */
  height?: number;
  /** Further objectives besides start and exit: keys and treasure (0 to 9). */
  objectives?: number;
  /** Locked doors, each with its key before it (0 to 9). */
  locks?: number;
  /** reusable (a key opens every door of its lock) or consumable (one door, then spent). */
  key_rule?: 'reusable' | 'consumable';
  /** Rooms and caves: chain, tree or cycles. */
  lock_layout?: 'chain' | 'tree' | 'cycles';
  /** lock_layout cycles: each loop's way back is a one-way door. */
  cycle_one_way?: boolean;
  /** Switches, each opening a gate between the start and the exit (0 to 9). */
  switches?: number;
  /** One-way doors (0 to 9). */
  one_way?: number;
  /** Secret doors: shortcuts, never needed (0 to 9). */
  secret_doors?: number;
  /** Keep dungeons a player can lose for good (by default such an attempt is retried). */
  allow_softlocks?: boolean;
  /** Rooms: rooms created before perturbation (2 to 100000). */
  room_count?: number;
  /** Rooms: smallest room side (6 or more). */
  min_side?: number;
  /** Rooms: largest room side (min_side to 256). */
  max_side?: number;
  /** Rooms: wall cells kept between rooms (3 to 64). */
  min_distance?: number;
  /** Rooms: separation iterations. */
  max_iterations?: number;
  /** Rooms: share of extra candidate edges carved as loops (0 to 1). */
  loop_fraction?: number;
  /** Rooms: corridor router cost of reusing a corridor. */
  dig_reuse?: number;
  /** Rooms: corridor router cost of digging rock. */
  dig_rock?: number;
  /** Rooms: corridor router cost of crossing another room. */
  dig_room?: number;
  /** Rooms: extra cost per corridor turn (0 = off). */
  dig_turn?: number;
  /** Rooms: corridor width, 1 or 2. */
  corridor_width?: number;
  /** Caves: percent of cells that start as wall (0 to 100). */
  fill?: number;
  /** Caves: smoothing passes (0 to 100). */
  passes?: number;
  /** Caves: walls in the 3x3 block that make a wall (0 to 9). */
  wall_threshold?: number;
  /** Caves: first passes that also wall up cells with few walls within two steps. */
  open_passes?: number;
  /** Caves: in those passes, at most this many walls in the 5x5 block make a wall (0 to 25). */
  open_threshold?: number;
  /** Caves: floor regions smaller than this are filled. */
  min_region?: number;
  /** Caves: connect (tunnel every region to the largest) or largest (keep only it). */
  connect?: 'connect' | 'largest';
  /** Caves: tunnel cost of digging one wall cell (1 to 1000). */
  dig_cost?: number;
  /** Platformer: room pitch in columns (6 to 64). */
  room_width?: number;
  /** Platformer: room pitch in rows (6 to 64). */
  room_height?: number;
  /** Platformer: chance a room gets a one-way platform (0 to 1). */
  platforms?: number;
  /** Platformer: chance a room gets a ledge with a ladder (0 to 1). */
  ladders?: number;
  /** Platformer: chance a room gets a low block (0 to 1). */
  blocks?: number;
  /** Platformer: highest step a jump gets onto, in tiles (1 to 64). */
  jump_height?: number;
  /** Platformer: widest gap a jump crosses, in empty columns (0 to 64). */
  jump_distance?: number;
  /** Platformer: tiles the body occupies, 1 or 2. */
  body_height?: number;
  /** Platformer: most rows fallen in one move, 0 = any. */
  max_fall?: number;
  /** Platformer: cost added to each jump (0 to 1000). */
  jump_penalty?: number;
  /** Share of floor turned into water pools (0 to 0.5). */
  water?: number;
  /** Share of floor turned into vegetation (0 to 0.5). */
  vegetation?: number;
  /** Smallest pool or patch, in cells. */
  min_blob?: number;
  /** Largest pool or patch, in cells. */
  max_blob?: number;
  /** Cost table to validate under. */
  costs?: 'dungeon' | 'tutorial' | 'uniform';
  /** Water cannot be crossed. */
  deep_water?: boolean;
  /** The game's own costs over the table: "water=impassable,vegetation=7.5". */
  cost?: string;
  /** Player moves: 4 or 8 neighbours. */
  neighbors?: 4 | 8;
  /** Diagonal policy. */
  diagonal?: 'never' | 'no-corner-cut' | 'one-free' | 'always';
  /** Attempts per seed before giving up on it (1 to 1000). */
  max_attempts?: number;
  /**
   * Room templates drawn in Tiled (`--templates SET`), as content: the .tmj's text, or {tmj,
   * tilesets} with the text (or object) of each external tileset by the name the map gives it
   * ({"catacomb-tileset.tsj": text}). Tiled JSON with uncompressed layers (CSV or base64).
   */
  templates?: string | { tmj: string | object; tilesets?: Record<string, string | object> };
  /** With templates: only the templates tagged with this. */
  theme?: string;
  /** A mission graph (`--mission FILE`), as content: the mission's JSON text or object. */
  mission?: string | object;
  /**
   * generate() only: give up once this many milliseconds have passed (0, the default: no limit),
   * asked between attempts: an Error "time limit of N ms reached: ...". A map made within it is
   * the seed's own, byte for byte (`catacomb generate --time-limit`).
   */
  time_limit_ms?: number;
}

/** An objective as the JSON map's "objectives" has it, with lock and switch 0 when none. */
export interface Objective {
  kind: 'start' | 'exit' | 'key' | 'treasure' | 'objective' | 'switch';
  x: number;
  y: number;
  /** The lock a key opens (1 to 9), else 0. */
  lock: number;
  /** The switch a switch objective toggles (1 to 9), else 0. */
  switch: number;
}

/** A room as the JSON map's "rooms" has it. */
export interface Room {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The mission node the room was made for, when it was. */
  node?: string;
  /** The room template it was made from, when it was. */
  template?: string;
}

/** A node of the room graph: a room, a cave area between doors, or a passage joining several. */
export interface GraphNode {
  kind: 'room' | 'area' | 'passage';
  /** For a room: its index in `rooms()`; absent for areas and passages. */
  room?: number;
  /** The room's rectangle, or the bounding box of an area's or passage's cells. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Passable cells of the node, doors excepted. */
  cells: number;
  /** Indices into `objectives` of the objectives on the node's cells. */
  objectives: number[];
  /** 0 at the start's node to 1 at the exit's, rising along the critical path; -1 off it. */
  intensity: number;
}

/** An edge of the room graph: a corridor, door or opening between nodes a < b. */
export interface GraphEdge {
  a: number;
  b: number;
  /** The highest lock among `doors`, 0 when none is locked. */
  lock: number;
  /** A cell of the edge, where to draw it. */
  x: number;
  y: number;
  /** The doors a player crosses on it, row-major; lock 0 for an open door. */
  doors: Array<{ x: number; y: number; lock: number }>;
}

/** The room graph: the JSON map's "graph" (`catacomb generate --json --graph`). */
export interface RoomGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/**
 * A locked or progression door: its cell and the fields of its legend entry in the JSON map,
 * exactly one of lock, gate, one_way and secret.
 */
export interface Door {
  x: number;
  y: number;
  /** A locked door's lock (1 to 9). */
  lock?: number;
  /** A gate's switch (1 to 9): open while the switch is on, or off with open_when "off". */
  gate?: number;
  /** A gate open while its switch is off. */
  open_when?: 'off';
  /** A one-way door: the direction it is passed in. */
  one_way?: 'north' | 'east' | 'south' | 'west';
  /** A secret door: passable, drawn as wall in the player's view. */
  secret?: true;
}

export interface Problem {
  kind: string;
  message: string;
  /** Index into `objectives`, or null for a problem of the whole map. */
  objective: number | null;
}

/** The report of `catacomb validate MAP --json`. */
export interface ValidationReport {
  valid: boolean;
  regions: number;
  passable_cells: number;
  unreachable_cells: number;
  objectives: Array<{ kind: string; x: number; y: number; reachable: boolean; cost: number | null;
                      length: number | null }>;
  problems: Problem[];
  loops: number;
  dead_ends: Array<[number, number]>;
  chokepoints: Array<[number, number]>;
  dead_end_rooms: number;
  /** The solver's result: status, walkthrough (each step with its route), metrics. */
  solution?: {
    status: string;
    completable: boolean;
    key_rule: string;
    states: number;
    areas: number;
    message?: string;
    objectives: Array<{ objective: number; reachable_after_step: number | null; reason?: string }>;
    walkthrough: Array<{ action: string; objective: number | null; door: number | null; lock: number;
                         at: [number, number]; cost: number; length: number; route: Array<[number, number]> }>;
    metrics?: Record<string, number>;
    /** true: no player can be stuck for good; false: one can; null: not proven (state cap). */
    unlosable: boolean | null;
    /** "unlosable", "losable" or "not-proven". */
    loss: string;
    softlock_states: number;
    softlock?: { message: string; steps: unknown[] };
  };
}

export interface Verdict {
  accepted: boolean;
  /** The failing step (1-based), 0 for the certificate as a whole. */
  step: number;
  reason: string;
  summary: string;
  /** True when the certificate's listed states prove that no player can lose the map. */
  unlosable: boolean;
  /** The listed state a rejection is about (its index in the certificate's list), -1 for none. */
  state: number;
}

export interface PathResult {
  status: 'found' | 'no-path' | string;
  path: Array<[number, number]>;
  cost: number;
  expanded: number;
}

/** A dungeon in the wasm heap; dispose() frees it. */
export declare class CatacombMap {
  private constructor();
  readonly width: number;
  readonly height: number;
  /** Decimal text: a seed may exceed 2^53. */
  readonly seed: string;
  readonly generator: string;
  /**
   * Terrain bytes, row-major (y * width + x), a view into the wasm heap: write to edit. Take a
   * new view after any call that may allocate.
   */
  readonly tiles: Uint8Array;
  /** The objectives in the map's order, as the JSON map's "objectives" (lock, switch 0 when none). */
  readonly objectives: Objective[];
  readonly disposed: boolean;
  /** The rooms, as the JSON map's "rooms" (empty for a cave). */
  rooms(): Room[];
  /** The room graph, as the JSON map's "graph"; runs the solver for the intensities. */
  graph(): RoomGraph;
  /** Every locked and progression door, row-major. */
  doors(): Door[];
  moveObjective(index: number, to: Cell): void;
  /** The JSON map of `catacomb generate --json`; with {graph: true}, of `--json --graph`. */
  toJSON(options?: { graph?: boolean }): string;
  toASCII(): string;
  /** The map as `catacomb generate --tmj <file>` writes it, and its tileset image. */
  toTMJ(file?: string): { tmj: string; png: Uint8Array; pngFile: string };
  /** The PNG preview `catacomb generate --png --scale <scale>` writes (scale 1 to 64, default 4). */
  toPNG(scale?: number): Uint8Array;
  /** The Moving AI .map text `catacomb generate --map` writes. */
  toMovingAI(): string;
  /** The MiniHack des-file `catacomb generate --des` writes, its MAZE named `name` (default "catacomb"). */
  toDes(name?: string): string;
  /** The Griddly level string `catacomb generate --level-string` writes, some characters changed by `legend`. */
  toLevelString(legend?: GriddlyLegend): string;
  /** The .npz level buffer `catacomb generate --npz` writes (numpy arrays: tiles, route, objectives, doors, ...). */
  toNpz(): Uint8Array;
  dispose(): void;
}

/**
 * Characters of a Griddly level string (toLevelString), each entry one printable ASCII character
 * per thing, none a digit, a space or '.' (but in terrain): defaults in docs/formats.md.
 */
export interface GriddlyLegend {
  terrain?: string;
  start?: string;
  exit?: string;
  treasure?: string;
  objective?: string;
  key?: string;
  keys?: string;
  locked?: string;
  switch?: string;
  gate?: string;
  gate_off?: string;
  one_way?: string;
  secret?: string;
}

/** A valid dungeon; throws an Error naming the bad field ("width = 3 (expected 8 to 4096)"). */
export declare function generate(config?: GenerateConfig): CatacombMap;
/** A map from catacomb JSON map text or object; throws an Error naming the bad key. */
export declare function fromJSON(json: string | object): CatacombMap;
export declare function toJSON(map: CatacombMap, options?: { graph?: boolean }): string;
export declare function toASCII(map: CatacombMap): string;
export declare function validate(map: CatacombMap): ValidationReport;
/** The certificate of a valid map, as JSON text; throws for an invalid map. */
export declare function certificate(map: CatacombMap): string;
export declare function verify(map: CatacombMap, certificate: string | object): Verdict;
/** What a player holds, for path() and new PlayerState(): every field optional (none held, every switch off). */
export interface PlayerStateInit {
  /** Lock ids (repeat one for several consumable keys), {lock id: count}, or 'all' (every key of the map). */
  keys?: number[] | Record<number, number> | 'all';
  /** The ids (1 to 9) of the switches that are on. */
  switches?: number[];
  /** Cells of locked doors opened already. */
  opened?: Cell[];
}

export interface PlayerPathResult extends PathResult {
  /** The locked doors the route opens, in the order walked. */
  doorsOpened: Array<[number, number]>;
}

/** A player's cheapest route: locked doors closed unless opened or a key is held, gates by their switch. */
export declare function path(map: CatacombMap, from: Cell, to: Cell,
                             state?: PlayerStateInit | PlayerState): PlayerPathResult;

/**
 * The cells seen from `from`, row-major (1 seen): symmetric shadowcasting (libtcod's
 * FOV_SYMMETRIC_SHADOWCAST set); walls, closed locked doors, shut gates and secret doors block
 * sight. radius 0 (default): no limit; lightWalls (default true): the walls at the edge are seen.
 */
export declare function fov(map: CatacombMap, from: Cell,
                            options?: { radius?: number; lightWalls?: boolean; state?: PlayerStateInit | PlayerState }): Uint8Array;

/** What a player holds, kept in step with play; path() takes it as its state. */
export declare class PlayerState {
  constructor(init?: Omit<PlayerStateInit, 'keys'> & { keys?: number[] | Record<number, number> });
  /** A state holding every key lying on the map. */
  static allKeys(map: CatacombMap): PlayerState;
  /** {lock id: count} of the keys held. */
  keys: Record<number, number>;
  /** The ids of the switches that are on, ascending. */
  switches: number[];
  /** Cells of the locked doors opened. */
  opened: Array<[number, number]>;
  addKey(lock: number, count?: number): this;
  /** Throws when no key of the lock is held. */
  spendKey(lock: number): this;
  keyCount(lock: number): number;
  setSwitch(id: number, on?: boolean): this;
  toggle(id: number): this;
  switchOn(id: number): boolean;
  openDoor(at: Cell): this;
  isOpened(at: Cell): boolean;
  /** Takes the key lying at `at` (throws when none lies there). */
  pickUp(map: CatacombMap, at: Cell): this;
  /** Opens the doors a path() route opens, spending a key on each under the consumable rule; all or nothing. */
  walk(map: CatacombMap, route: PlayerPathResult): this;
}
/** The cheapest route over the terrain alone, every door a plain door tile. */
export declare function terrainPath(map: CatacombMap, from: Cell, to: Cell): PathResult;
/** The cheapest route's cost from `from` to every cell, row-major; Infinity where none reaches. */
export declare function distances(map: CatacombMap, from: Cell): Float64Array;
/** Bytes allocated in the wasm heap now. */
export declare function heapInUse(): number;
/** Bytes of wasm memory (it only grows). */
export declare function memoryBytes(): number;

/** generateMany's answer, one entry per seed in the order given. */
export declare class Levels implements Iterable<{ seed: string; map: CatacombMap | null; reason: string }> {
  /** The seeds, as decimal text. */
  readonly seeds: string[];
  /** Each seed's map (generate()'s, byte for byte), or null when it has no valid dungeon. */
  readonly maps: Array<CatacombMap | null>;
  /** Why a seed has no map (the Error generate() throws for it), '' for one that has. */
  readonly reasons: string[];
  readonly length: number;
  /** Per seed: it has a map. */
  readonly ok: boolean[];
  /** Per seed: 'ok' or 'failed'. */
  readonly status: Array<'ok' | 'failed'>;
  /** {index: reason} of the seeds without a map. */
  readonly failures: Record<number, string>;
  [Symbol.iterator](): Iterator<{ seed: string; map: CatacombMap | null; reason: string }>;
  /** Frees every map. */
  dispose(): void;
}
/**
 * Every seed under one config (generate()'s keys but time_limit_ms), one after another: map i is
 * generate({...config, seed: seeds[i]}), byte for byte; a seed with no valid dungeon is a null map
 * with its reason. onFailure: 'warn' (default), 'raise' (an Error for the first) or 'ignore'.
 */
export declare function generateMany(seeds: Iterable<number | bigint | string>, config?: GenerateConfig,
                                     options?: { onFailure?: 'warn' | 'raise' | 'ignore' }): Levels;
/**
 * Shard `shard` of `shards` (1 <= shard <= shards <= 1000000) of `seeds`: a contiguous block;
 * shards 1..shards in order hold every seed once, in order (`catacomb batch --shard K/N`).
 */
export declare function shardSeeds<T>(seeds: Iterable<T>, shard: number, shards: number): T[];

/** What a Navigator holds and how it answers. */
export interface NavigatorStats {
  /** "jps" on a map without doors (8 neighbours, no corner cutting), else "astar". */
  engine: string;
  landmarks: number;
  /** Bytes kept per cell (landmark tables, cell costs). */
  bytesPerCell: number;
  /** Bytes of per-query scratch per cell. */
  scratchBytesPerCell: number;
  /** Locked doors and gates. */
  doors: number;
}

/**
 * Many exact shortest-path queries on one map (the library's Navigator), its locked doors and
 * gates set for a player in `state`; the map's rules, or `neighbors` and `diagonal` in their
 * place. Throws for a map with one-way or secret doors. dispose() frees it.
 */
export declare class Navigator {
  constructor(map: CatacombMap, options?: { state?: PlayerStateInit | PlayerState; neighbors?: 4 | 8;
                                            diagonal?: 'never' | 'no-corner-cut' | 'one-free' | 'always' });
  readonly width: number;
  readonly height: number;
  readonly disposed: boolean;
  /** What path() returns for the state, at its cost (the route may differ between equal-cost ones). */
  findPath(from: Cell, to: Cell): PlayerPathResult;
  /** Sets the locked doors and gates as a player in `state` finds them. */
  setState(state?: PlayerStateInit | PlayerState): this;
  /** Opens or closes the locked door or gate at `at`. */
  setDoor(at: Cell, open: boolean): this;
  doorOpen(at: Cell): boolean;
  stats(): NavigatorStats;
  dispose(): void;
}
