// GLFW for windowed contexts. libepoxy's GL header must come first, and GLFW must not include
// a GL header of its own.
#ifndef PLUME_CGLFW_SHIM_H
#define PLUME_CGLFW_SHIM_H
#include <epoxy/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#endif
