// Cairo: 2-D drawing into RGBA images (paths, fills, strokes, transforms) and text through its
// own font API (FreeType + fontconfig), for SpriteImage's drawing context. Debian: libcairo2-dev.
#include <cairo.h>
