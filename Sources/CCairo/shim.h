// Cairo: 2-D drawing into RGBA images (paths, fills, strokes, transforms), for SpriteImage's
// drawing context; text through Cairo's FreeType backend with faces found by fontconfig and
// shaped by HarfBuzz (emoji sequences, kerning). Debian: libcairo2-dev, libharfbuzz-dev.
#include <cairo.h>
#include <cairo-ft.h>
#include <fontconfig/fontconfig.h>
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ot.h>
