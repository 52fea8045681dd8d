// `make bench-json-index`'s reference: simdjson's DOM parse (Debian's libsimdjson-dev) of each
// file given, the parser reused as simdjson recommends, the file already in memory (padded).
// Prints one line per file in JSONBench's `--profile` format:
//   FILE: best WALL ms [CPU CPU ms] ELEMENTS
// where WALL is the fastest of ROUNDS parses (default 10) and CPU the least thread time of them.
// Compiled by scripts/bench-json-index.sh; not part of the Swift build.
#include <simdjson.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>

static double seconds(clockid_t clock) {
    timespec now;
    clock_gettime(clock, &now);
    return double(now.tv_sec) + double(now.tv_nsec) / 1e9;
}

int main(int argc, char **argv) {
    const char *roundsText = std::getenv("ROUNDS");
    const int rounds = roundsText ? std::atoi(roundsText) : 10;
    simdjson::dom::parser parser;
    for (int index = 1; index < argc; index++) {
        simdjson::padded_string text;
        if (simdjson::padded_string::load(argv[index]).get(text)) {
            std::fprintf(stderr, "%s: cannot read\n", argv[index]);
            return 1;
        }
        double bestWall = 1e9, bestCPU = 1e9;
        size_t elements = 0;
        for (int round = 0; round < rounds; round++) {
            const double wall = seconds(CLOCK_MONOTONIC), cpu = seconds(CLOCK_THREAD_CPUTIME_ID);
            simdjson::dom::element root;
            if (parser.parse(text).get(root)) {
                std::fprintf(stderr, "%s: does not parse\n", argv[index]);
                return 1;
            }
            const double tookWall = seconds(CLOCK_MONOTONIC) - wall, tookCPU = seconds(CLOCK_THREAD_CPUTIME_ID) - cpu;
            simdjson::dom::array array;
            elements = root.get(array) ? 1 : array.size();
            if (tookWall < bestWall) bestWall = tookWall;
            if (tookCPU < bestCPU) bestCPU = tookCPU;
        }
        std::printf("%s: best %.2f ms [CPU %.2f ms] %zu\n", argv[index], bestWall * 1000, bestCPU * 1000, elements);
    }
    return 0;
}
