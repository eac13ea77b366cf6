import Foundation
import SQLiteEngine
import TestSupport

/// A process killed at one chosen write: a small C library, built by the test with the toolchain's C compiler and
/// put in front of a child process with `LD_PRELOAD`, that counts the writes (`write`, `pwrite`, `pwrite64`) to files
/// whose path starts with a given prefix (a database, its journal, its WAL) and sends the process `SIGKILL` just
/// before write number N. Any client of the system SQLite (Debian's `sqlite3` shell, Python's `sqlite3`) then dies
/// at a point the test picks, with nothing of its own cleaned up: what a crash leaves for the next open to recover.
///
/// With no kill point, the library writes how many such writes the process made to a file at exit, so a test can
/// first count a run's writes and then kill a copy of it at each.
struct KillAtWrite {
    /// The built library (in the caller's scratch folder).
    let library: String

    private static let source = #"""
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <signal.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <sys/types.h>
        #include <unistd.h>

        static long dp_writes;   /* one thread writes in the clients tested; no lock needed there */
        static long dp_kill_at = -2;
        static const char *dp_prefix;

        static void dp_setup(void) {
            if (dp_kill_at != -2) return;
            const char *at = getenv("DP_KILL_AT_WRITE");
            dp_kill_at = at != NULL ? atol(at) : -1;
            dp_prefix = getenv("DP_KILL_PATH_PREFIX");
        }

        static int dp_watched(int fd) {
            char link[64], target[4096];
            snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
            ssize_t length = readlink(link, target, sizeof target - 1);
            if (length < 0 || dp_prefix == NULL) return 0;
            target[length] = 0;
            return strncmp(target, dp_prefix, strlen(dp_prefix)) == 0;
        }

        static void dp_count(int fd) {
            dp_setup();
            if (!dp_watched(fd)) return;
            dp_writes += 1;
            if (dp_kill_at > 0 && dp_writes == dp_kill_at) kill(getpid(), SIGKILL);
        }

        ssize_t write(int fd, const void *buffer, size_t count) {
            static ssize_t (*real)(int, const void *, size_t);
            if (real == NULL) real = (ssize_t (*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
            dp_count(fd);
            return real(fd, buffer, count);
        }

        ssize_t pwrite(int fd, const void *buffer, size_t count, off_t offset) {
            static ssize_t (*real)(int, const void *, size_t, off_t);
            if (real == NULL) real = (ssize_t (*)(int, const void *, size_t, off_t))dlsym(RTLD_NEXT, "pwrite");
            dp_count(fd);
            return real(fd, buffer, count, offset);
        }

        ssize_t pwrite64(int fd, const void *buffer, size_t count, off_t offset) {
            static ssize_t (*real)(int, const void *, size_t, off_t);
            if (real == NULL) real = (ssize_t (*)(int, const void *, size_t, off_t))dlsym(RTLD_NEXT, "pwrite64");
            dp_count(fd);
            return real(fd, buffer, count, offset);
        }

        __attribute__((destructor)) static void dp_report(void) {
            const char *path = getenv("DP_KILL_COUNT_FILE");
            if (path == NULL) return;
            FILE *file = fopen(path, "w");
            if (file == NULL) return;
            fprintf(file, "%ld\n", dp_writes);
            fclose(file);
        }
        """#

    /// The C compilers tried, in order: `cc`, then the toolchain's `clang` (beside `swift` on the `PATH`).
    static func compiler() -> URL? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").map(String.init)
        for name in ["cc", "clang", "gcc"] {
            for folder in folders {
                let candidate = URL(fileURLWithPath: folder).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
        }
        return nil
    }

    /// Builds the library in `folder`; `nil` when no C compiler is found.
    static func build(in folder: ScratchFolder) throws -> KillAtWrite? {
        guard let compiler = compiler() else { return nil }
        let sourcePath = folder.appending("kill_at_write.c").path
        let library = folder.appending("libkill_at_write.so").path
        try Data(source.utf8).write(to: URL(fileURLWithPath: sourcePath))
        let built = try DriverPortBinary.run(
            ["-shared", "-fPIC", "-O1", "-o", library, sourcePath, "-ldl"], executable: compiler)
        guard built.exitCode == 0 else { throw BuildError(output: built.standardError) }
        return KillAtWrite(library: library)
    }

    struct BuildError: Error, CustomStringConvertible {
        let output: String
        var description: String { "the kill-at-write library did not build: \(output)" }
    }

    /// The environment that counts writes to paths starting with `prefix`, killing the process before write
    /// `killAt` (`nil`: never; the count goes to `countFile` at exit).
    func environment(prefix: String, killAt: Int?, countFile: String? = nil) -> [String: String] {
        var environment = ["LD_PRELOAD": library, "DP_KILL_PATH_PREFIX": prefix]
        if let killAt { environment["DP_KILL_AT_WRITE"] = String(killAt) }
        if let countFile { environment["DP_KILL_COUNT_FILE"] = countFile }
        return environment
    }

    /// Up to `limit` kill points spread over writes 1...`total`: the first and last few (a journal's header, the
    /// commit) and an even stride between them.
    static func points(total: Int, limit: Int) -> [Int] {
        guard total > limit else { return Array(1...max(total, 1)) }
        let edges = max(1, min(4, limit / 3))
        var points = Set(1...edges).union((total - edges + 1)...total)
        let inner = limit - 2 * edges
        if inner > 0 {
            for step in 1...inner { points.insert(edges + step * (total - 2 * edges) / (inner + 1)) }
        }
        return points.sorted()
    }
}
