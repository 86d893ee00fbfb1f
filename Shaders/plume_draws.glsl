// The draw index of every random attribute: the same table as Sources/Plume/Random/DrawIndex.swift
// (a test checks every value).
const uint DRAW_LIFETIME = 0u;
const uint DRAW_SHAPE_CHOICE = 1u;
const uint DRAW_SHAPE_U = 2u;
const uint DRAW_SHAPE_V = 3u;
const uint DRAW_SHAPE_W = 4u;
const uint DRAW_CONE_THETA = 5u;
const uint DRAW_CONE_PSI = 6u;
const uint DRAW_VELOCITY = 7u;
const uint DRAW_SCALE = 8u;
const uint DRAW_SPIN = 9u;
const uint DRAW_ROTATION = 10u;
const uint DRAW_RED = 11u;
const uint DRAW_GREEN = 12u;
const uint DRAW_BLUE = 13u;
const uint DRAW_ALPHA = 14u;
const uint DRAW_SPRITE_FRAME = 15u;
