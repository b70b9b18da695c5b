/* expect: ok */
#include <stdio.h>
#include <string.h>

#define N 16

typedef struct {
    double m[4][4];
} mat4;

typedef struct {
    double v[4];
} vec4;

typedef struct {
    float data[N][N];
    int rows, cols;
} matrix;

static mat4 mat4_mul(const mat4 *a, const mat4 *b)
{
    mat4 r;
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) {
            double s = 0.0;
            for (int k = 0; k < 4; ++k)
                s += a->m[i][k] * b->m[k][j];
            r.m[i][j] = s;
        }
    return r;
}

static vec4 mat4_apply(const mat4 *a, vec4 x)
{
    vec4 y;
    for (int i = 0; i < 4; ++i) {
        y.v[i] = 0.0;
        for (int k = 0; k < 4; ++k)
            y.v[i] += a->m[i][k] * x.v[k];
    }
    return y;
}

static void matrix_transpose(const matrix *src, matrix *dst)
{
    dst->rows = src->cols;
    dst->cols = src->rows;
    for (int i = 0; i < src->rows; ++i)
        for (int j = 0; j < src->cols; ++j)
            dst->data[j][i] = src->data[i][j];
}

static float matrix_frobenius_sq(const matrix *m)
{
    float s = 0.0f;
    for (int i = 0; i < N; ++i)
        for (int j = 0; j < N; ++j)
            s += m->data[i][j] * m->data[i][j];
    return s;
}

static void batch_transform(const mat4 *t, vec4 *pts, int count)
{
    for (int p = 0; p < count; ++p)
        pts[p] = mat4_apply(t, pts[p]);
}

int main(void)
{
    mat4 id, sc;
    memset(&id, 0, sizeof id);
    memset(&sc, 0, sizeof sc);
    for (int i = 0; i < 4; ++i) {
        id.m[i][i] = 1.0;
        sc.m[i][i] = 2.0;
    }
    mat4 prod = mat4_mul(&id, &sc);
    vec4 pts[8];
    for (int p = 0; p < 8; ++p)
        for (int i = 0; i < 4; ++i)
            pts[p].v[i] = p + i;
    batch_transform(&prod, pts, 8);

    static matrix a, b;
    a.rows = a.cols = N;
    for (int i = 0; i < N; ++i)
        for (int j = 0; j < N; ++j)
            a.data[i][j] = (float)(i - j);
    matrix_transpose(&a, &b);
    printf("%f %f\n", pts[7].v[3], (double)matrix_frobenius_sq(&b));
    return 0;
}
