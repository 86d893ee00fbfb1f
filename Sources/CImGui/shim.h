// Intentionally empty for Swift: Dear ImGui's C++ headers are included by CImGuiShim's C++ code.
#ifndef PLUME_CIMGUI_SHIM_H
#define PLUME_CIMGUI_SHIM_H
#endif
