// What a layer image costs on Mesa's llvmpipe, pass by pass (issue 27 item 1): the process CPU
// time of each pass, fenced by glFinish, median of the frames, at 1280x720 with n 8-pixel
// sprites placed like plume-bench's Workloads.steady. The composites cover the whole viewport
// (image x opacity; the image alone, llvmpipe's blit path) or only the 8/16/32/64-pixel tiles
// that sprites touch, listed here on the CPU: a lower bound for any coverage the GPU would have
// to find itself (a mask pass, instanced tiles), which costs a pass of its own.
// Build and run:  cc -O2 -o floor compositing-floor.c -lepoxy -lm && ./floor 1000 101
#include <epoxy/egl.h>
#include <epoxy/gl.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
static double cpu(void) { struct timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static int cmp(const void *a, const void *b) { double x = *(double*)a, y = *(double*)b; return x < y ? -1 : x > y; }
#define W 1280
#define H 720
static GLuint compile(GLenum type, const char *src) { GLuint s = glCreateShader(type); glShaderSource(s, 1, &src, NULL); glCompileShader(s); GLint ok; glGetShaderiv(s, GL_COMPILE_STATUS, &ok); if (!ok) { char l[2048]; glGetShaderInfoLog(s, 2048, 0, l); fprintf(stderr, "%s", l); exit(1);} return s; }
static GLuint program(const char *vs, const char *fs) { GLuint p = glCreateProgram(); glAttachShader(p, compile(GL_VERTEX_SHADER, vs)); glAttachShader(p, compile(GL_FRAGMENT_SHADER, fs)); glLinkProgram(p); return p; }
static void target(GLuint *fb, GLuint *tex, int w, int h) {
  glGenTextures(1, tex); glBindTexture(GL_TEXTURE_2D, *tex); glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, w, h, 0, GL_BGRA, GL_UNSIGNED_BYTE, NULL);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST); glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE); glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glGenFramebuffers(1, fb); glBindFramebuffer(GL_FRAMEBUFFER, *fb); glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *tex, 0); }
typedef struct { float x, y, u, v, r, g, b, a; } V;
static const char *VS = "#version 330 core\n layout(location=0) in vec2 p; layout(location=1) in vec2 uv; layout(location=2) in vec4 c; out vec4 f_color; out vec2 f_uv; void main(){ gl_Position=vec4(p/vec2(640.0,360.0)-1.0,0,1); f_color=c; f_uv=uv; }\n";
static const char *SFS = "#version 330 core\n uniform sampler2D u_image; in vec4 f_color; in vec2 f_uv; out vec4 o; void main(){ o=texture(u_image,f_uv)*f_color; }\n";
static const char *CFS = "#version 330 core\n uniform sampler2D u_image; in vec2 f_uv; out vec4 o; void main(){ o=texture(u_image,f_uv); }\n";
static const char *OFS = "#version 330 core\n uniform sampler2D u_image; uniform float u_opacity; in vec2 f_uv; out vec4 o; void main(){ o=texture(u_image,f_uv)*u_opacity; }\n";
static int quad(V *out, float x0, float y0, float x1, float y1, float u0, float v0, float u1, float v1, const float *c) {
  int K[6] = {0, 1, 2, 2, 1, 3};
  for (int k = 0; k < 6; k++) { int cx = K[k] & 1, cy = K[k] >> 1; V q = {cx ? x1 : x0, cy ? y1 : y0, cx ? u1 : u0, cy ? v1 : v0, c[0], c[1], c[2], c[3]}; out[k] = q; }
  return 6;
}
static GLuint vbo_vao(V *v, int count) { GLuint vao, vbo; glGenVertexArrays(1, &vao); glBindVertexArray(vao); glGenBuffers(1, &vbo); glBindBuffer(GL_ARRAY_BUFFER, vbo);
  glBufferData(GL_ARRAY_BUFFER, sizeof(V) * count, v, GL_STATIC_DRAW);
  glEnableVertexAttribArray(0); glVertexAttribPointer(0, 2, GL_FLOAT, 0, sizeof(V), (void*)0);
  glEnableVertexAttribArray(1); glVertexAttribPointer(1, 2, GL_FLOAT, 0, sizeof(V), (void*)8);
  glEnableVertexAttribArray(2); glVertexAttribPointer(2, 4, GL_FLOAT, 0, sizeof(V), (void*)16); return vao; }
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000, frames = argc > 2 ? atoi(argv[2]) : 101;
  EGLDisplay d = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL); eglInitialize(d, NULL, NULL); eglBindAPI(EGL_OPENGL_API);
  EGLint ca[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE}; EGLConfig cfg; EGLint nc; eglChooseConfig(d, ca, &cfg, 1, &nc);
  EGLint xa[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3, EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, eglCreateContext(d, cfg, EGL_NO_CONTEXT, xa));
  GLuint hostFB, hostTex, layerFB, layerTex; target(&hostFB, &hostTex, W, H); target(&layerFB, &layerTex, W, H);
  GLuint sprite; unsigned char px[256]; for (int i = 0; i < 64; i++) { float dx = i % 8 - 3.5f, dy = i / 8 - 3.5f; unsigned char v = (unsigned char)(fmaxf(0, 1 - sqrtf(dx*dx+dy*dy)/4) * 255); for (int k = 0; k < 4; k++) px[i*4+k] = v; }
  glGenTextures(1, &sprite); glBindTexture(GL_TEXTURE_2D, sprite); glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_BGRA, GL_UNSIGNED_BYTE, px);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST); glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  // Workloads.steady: circle r 100 at the centre, 120 ± 60 px/s any direction, ages 0-2 s, y acceleration 30
  V *sv = malloc(sizeof(V) * 6 * n); float *xy = malloc(sizeof(float) * 2 * n); srand(7);
  for (int i = 0; i < n; i++) {
    float th = rand() / (float)RAND_MAX * 6.2831853f, th2 = rand() / (float)RAND_MAX * 6.2831853f, v = 120 + (rand() / (float)RAND_MAX * 2 - 1) * 60, t = rand() / (float)RAND_MAX * 2;
    float x = floorf(640 + 100 * cosf(th) + v * cosf(th2) * t), y = floorf(360 + 100 * sinf(th) + v * sinf(th2) * t + 15 * t * t), a = fmaxf(0, 0.6f - 0.25f * t);
    float c[4] = {a, 0.6f * a, 0.3f * a, a}; quad(sv + 6 * i, x - 4, y - 4, x + 4, y + 4, 0, 0, 1, 1, c); xy[2*i] = x; xy[2*i+1] = y; }
  GLuint svao = vbo_vao(sv, 6 * n);
  int tiles[] = {8, 16, 32, 64}; GLuint tvao[4]; int tcount[4]; float one[4] = {1, 1, 1, 1};
  for (int k = 0; k < 4; k++) { int T = tiles[k], tx = (W + T - 1) / T, ty = (H + T - 1) / T; unsigned char *cov = calloc(tx * ty, 1);
    for (int i = 0; i < n; i++) for (int yy = (int)floorf((xy[2*i+1] - 4) / T); yy <= (int)floorf((xy[2*i+1] + 3.5f) / T); yy++) for (int xx = (int)floorf((xy[2*i] - 4) / T); xx <= (int)floorf((xy[2*i] + 3.5f) / T); xx++)
      if (xx >= 0 && yy >= 0 && xx < tx && yy < ty) cov[yy * tx + xx] = 1;
    V *tv = malloc(sizeof(V) * 6 * tx * ty); int m = 0;
    for (int i = 0; i < tx * ty; i++) if (cov[i]) { float x0 = (i % tx) * T, y0 = (i / tx) * T, x1 = fminf(x0 + T, W), y1 = fminf(y0 + T, H); quad(tv + 6 * m, x0, y0, x1, y1, x0 / W, y0 / H, x1 / W, y1 / H, one); m++; }
    tvao[k] = vbo_vao(tv, 6 * m); tcount[k] = m; }
  V full[6]; quad(full, 0, 0, W, H, 0, 0, 1, 1, one); GLuint fvao = vbo_vao(full, 6);
  GLuint ps = program(VS, SFS), pc = program(VS, CFS), po = program(VS, OFS);
  enum { NP = 11 };
  const char *names[NP] = {"host clear (1280x720)", "sprites into host (direct draw)", "layer clear (1280x720)", "sprites into layer",
    "composite: whole viewport, texture()*opacity", "composite: whole viewport, texture() (blit path)",
    "composite: covered 8-px tiles", "composite: covered 16-px tiles", "composite: covered 32-px tiles", "composite: covered 64-px tiles",
    "composite: nothing drawn (FBO switch only)"};
  double *t = calloc(NP * frames, sizeof(double));
  for (int f = 0; f < frames + 3; f++) {
    double c[NP + 1]; int k = 0;
#define MARK() do { glFinish(); c[k++] = cpu(); } while (0)
    MARK();
    glBindFramebuffer(GL_FRAMEBUFFER, hostFB); glViewport(0, 0, W, H); glClearColor(1, 1, 1, 1); glClear(GL_COLOR_BUFFER_BIT); MARK();
    glEnable(GL_BLEND); glBlendFunc(GL_ONE, GL_ONE); glUseProgram(ps); glBindTexture(GL_TEXTURE_2D, sprite); glBindVertexArray(svao); glDrawArrays(GL_TRIANGLES, 0, 6 * n); MARK();
    glBindFramebuffer(GL_FRAMEBUFFER, layerFB); glClearColor(0, 0, 0, 0); glClear(GL_COLOR_BUFFER_BIT); MARK();
    glDrawArrays(GL_TRIANGLES, 0, 6 * n); MARK();
    glBindFramebuffer(GL_FRAMEBUFFER, hostFB); glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA); glBindTexture(GL_TEXTURE_2D, layerTex);
    glUseProgram(po); glUniform1f(glGetUniformLocation(po, "u_opacity"), 1); glBindVertexArray(fvao); glDrawArrays(GL_TRIANGLES, 0, 6); MARK();
    glUseProgram(pc); glDrawArrays(GL_TRIANGLES, 0, 6); MARK();
    for (int j = 0; j < 4; j++) { glBindVertexArray(tvao[j]); glDrawArrays(GL_TRIANGLES, 0, 6 * tcount[j]); MARK(); }
    glBindFramebuffer(GL_FRAMEBUFFER, layerFB); glBindFramebuffer(GL_FRAMEBUFFER, hostFB); glBindVertexArray(fvao); glDrawArrays(GL_TRIANGLES, 0, 0); MARK();
    glDisable(GL_BLEND);
    if (f >= 3) for (int p = 0; p < NP; p++) t[p * frames + f - 3] = c[p + 1] - c[p];
  }
  printf("| pass, %d sprites of 8 px, 1280x720 (%s) | CPU ms (median of %d) |\n|---|---|\n", n, (const char *)glGetString(GL_RENDERER), frames);
  for (int p = 0; p < NP; p++) { qsort(t + p * frames, frames, sizeof(double), cmp);
    char extra[64] = ""; if (p >= 6 && p <= 9) snprintf(extra, 64, " (%d tiles, %.0f%% of the pixels)", tcount[p - 6], 100.0 * tcount[p - 6] * tiles[p - 6] * tiles[p - 6] / (W * H));
    printf("| %s%s | %.3f |\n", names[p], extra, t[p * frames + frames / 2] * 1e3); }
  return 0;
}
