// SDL2 for the SDLEmbed example: the game's own system-library module (SDL.h pulls in no GL
// header; the example makes no GL call of its own).
#ifndef PLUME_CSDL2_SHIM_H
#define PLUME_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#endif
