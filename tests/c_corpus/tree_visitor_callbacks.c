/* expect: unmodelable function_pointer,recursion */
#include <stdlib.h>

struct tree {
    int key;
    struct tree *left, *right;
};

typedef void (*visit_fn)(struct tree *node, void *ctx);

struct tree *tree_insert(struct tree *root, int key)
{
    if (!root) {
        struct tree *n = calloc(1, sizeof *n);
        if (n)
            n->key = key;
        return n;
    }
    if (key < root->key)
        root->left = tree_insert(root->left, key);
    else if (key > root->key)
        root->right = tree_insert(root->right, key);
    return root;
}

void tree_walk_inorder(struct tree *root, visit_fn fn, void *ctx)
{
    if (!root)
        return;
    tree_walk_inorder(root->left, fn, ctx);
    fn(root, ctx);
    tree_walk_inorder(root->right, fn, ctx);
}

int tree_height(const struct tree *root)
{
    if (!root)
        return 0;
    int l = tree_height(root->left);
    int r = tree_height(root->right);
    return 1 + (l > r ? l : r);
}

static void sum_visitor(struct tree *node, void *ctx)
{
    *(long *)ctx += node->key;
}

static void free_visitor(struct tree *node, void *ctx)
{
    (void)ctx;
    node->left = node->right = NULL;
}

long tree_sum(struct tree *root)
{
    long s = 0;
    tree_walk_inorder(root, sum_visitor, &s);
    return s;
}

void tree_free(struct tree *root)
{
    if (!root)
        return;
    tree_free(root->left);
    tree_free(root->right);
    free_visitor(root, NULL);
    free(root);
}
