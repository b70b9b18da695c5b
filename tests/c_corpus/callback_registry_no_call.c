/* expect: ok */
#include <stddef.h>
#include <string.h>

/* Stores handler addresses in a table for a dispatcher defined elsewhere;
 * nothing in this file calls through a pointer. */

typedef int (*handler_fn)(const char *arg, void *user);

struct command {
    const char *name;
    handler_fn handler;
    unsigned min_args;
};

static int cmd_help(const char *arg, void *user) { (void)arg; (void)user; return 0; }
static int cmd_quit(const char *arg, void *user) { (void)arg; *(int *)user = 1; return 0; }
static int cmd_echo(const char *arg, void *user) { (void)user; return (int)strlen(arg); }

#define MAX_COMMANDS 16
static struct command registry[MAX_COMMANDS];
static size_t registry_count;

int register_command(const char *name, handler_fn fn, unsigned min_args)
{
    if (registry_count == MAX_COMMANDS)
        return -1;
    for (size_t i = 0; i < registry_count; ++i)
        if (strcmp(registry[i].name, name) == 0)
            return -2;
    registry[registry_count].name = name;
    registry[registry_count].handler = fn;
    registry[registry_count].min_args = min_args;
    registry_count++;
    return 0;
}

handler_fn find_handler(const char *name)
{
    for (size_t i = 0; i < registry_count; ++i)
        if (strcmp(registry[i].name, name) == 0)
            return registry[i].handler;
    return NULL;
}

int register_builtins(void)
{
    int rc = 0;
    rc |= register_command("help", cmd_help, 0);
    rc |= register_command("quit", cmd_quit, 0);
    rc |= register_command("echo", cmd_echo, 1);
    return rc;
}
