/* expect: unmodelable vla */
#include <stdio.h>

void mat_mul(int n, int m, int p, double a[n][m], double b[m][p], double c[n][p])
{
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < p; ++j) {
            double s = 0.0;
            for (int k = 0; k < m; ++k)
                s += a[i][k] * b[k][j];
            c[i][j] = s;
        }
}

double trace(int n, double a[n][n])
{
    double t = 0.0;
    for (int i = 0; i < n; ++i)
        t += a[i][i];
    return t;
}

int main(int argc, char **argv)
{
    int n = argc + 3;
    double a[n][n], b[n][n], c[n][n];
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            a[i][j] = (double)(i + j);
            b[i][j] = i == j ? 2.0 : 0.0;
        }
    mat_mul(n, n, n, a, b, c);
    printf("trace = %f\n", trace(n, c));
    (void)argv;
    return 0;
}
