/* expect: ok */
#include <stdio.h>

enum color { RED, GREEN, BLUE, COLOR_COUNT };

struct vec3 {
    float x, y, z;
};

struct material {
    const char *name;
    struct vec3 albedo;
    float roughness;
    float metallic;
    int flags[4];
};

static const char *const color_names[COLOR_COUNT] = {
    [BLUE] = "blue",
    [RED] = "red",
    [GREEN] = "green",
};

static const struct material materials[] = {
    {.name = "gold", .albedo = {.x = 1.0f, .y = 0.76f, .z = 0.33f}, .metallic = 1.0f, .roughness = 0.3f},
    {.name = "plastic", .albedo = {0.2f, 0.2f, 0.8f}, .roughness = 0.6f, .flags = {[2] = 1}},
    [3] = {.name = "rubber", .roughness = 0.95f, .flags[0] = 7},
};

static int sparse_table[32] = {[0] = 1, [5] = 6, [10 ... 15] = 3, [31] = -1};

float average_roughness(void)
{
    float sum = 0.0f;
    int count = 0;
    for (unsigned i = 0; i < sizeof materials / sizeof materials[0]; ++i) {
        if (!materials[i].name)
            continue;
        sum += materials[i].roughness;
        ++count;
    }
    return count ? sum / count : 0.0f;
}

int main(void)
{
    struct vec3 v = {.z = 3.0f, .x = 1.0f};
    struct material m = {.name = "temp", .albedo = v};
    int total = 0;
    for (int i = 0; i < 32; ++i)
        total += sparse_table[i];
    for (int c = 0; c < COLOR_COUNT; ++c)
        printf("%s ", color_names[c]);
    printf("\n%f %d %s %f\n", (double)average_roughness(), total, m.name, (double)m.albedo.z);
    return 0;
}
