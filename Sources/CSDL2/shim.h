// SDL2 for the embedding example. libepoxy's GL header comes first; SDL must not pull in a GL
// header of its own (SDL.h does not; SDL_opengl.h is not included).
#ifndef PLUME_CSDL2_SHIM_H
#define PLUME_CSDL2_SHIM_H
#include <epoxy/gl.h>
#include <SDL2/SDL.h>
#endif
