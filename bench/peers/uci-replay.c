/*
 * The least a UCI client can do: start the engine, then send each block of a script and read the
 * engine's lines until the block's answer (`bestmove` after a `go`, `readyok` after `isready`),
 * nothing parsed. Its wall time is the floor of any client driving the same searches, the engine's
 * own waits (thread hand-overs, pipe wake-ups) included.
 *
 *   uci-replay ENGINE SCRIPT     (blocks separated by blank lines; prints the seconds taken)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static FILE *to_engine, *from_engine;

/* Reads the engine's lines until one starts with `prefix`. */
static void await_line(const char *prefix) {
  static char line[1 << 16];
  size_t n = strlen(prefix);
  while (fgets(line, sizeof line, from_engine) != NULL)
    if (strncmp(line, prefix, n) == 0) return;
  fprintf(stderr, "uci-replay: the engine closed its output before '%s'\n", prefix);
  exit(1);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: uci-replay ENGINE SCRIPT\n");
    return 2;
  }
  int in[2], out[2];
  if (pipe(in) != 0 || pipe(out) != 0) return perror("pipe"), 1;
  pid_t pid = fork();
  if (pid == 0) {
    dup2(in[0], 0);
    dup2(out[1], 1);
    close(in[1]);
    close(out[0]);
    execl(argv[1], argv[1], (char *)NULL);
    perror("exec");
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  to_engine = fdopen(in[1], "w");
  from_engine = fdopen(out[0], "r");
  FILE *script = fopen(argv[2], "r");
  if (script == NULL) return perror(argv[2]), 1;

  fputs("uci\n", to_engine);
  fflush(to_engine);
  await_line("uciok");
  fputs("isready\n", to_engine);
  fflush(to_engine);
  await_line("readyok");

  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  static char line[1 << 16];
  const char *answer = NULL;
  while (fgets(line, sizeof line, script) != NULL) {
    if (line[0] == '\n') {
      if (answer != NULL) {
        fflush(to_engine);
        await_line(answer);
        answer = NULL;
      }
      continue;
    }
    fputs(line, to_engine);
    if (strncmp(line, "go", 2) == 0) answer = "bestmove";
    else if (strncmp(line, "isready", 7) == 0) answer = "readyok";
  }
  if (answer != NULL) {
    fflush(to_engine);
    await_line(answer);
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  fputs("quit\n", to_engine);
  fclose(to_engine);
  printf("%.6f\n", (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
  return 0;
}
