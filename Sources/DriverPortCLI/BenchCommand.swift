import DriverPortBench
import Foundation
import MMEXFixtures

/// `driverport bench`: both drivers, the codec and the engines against the raw C API, side by side in one run.
struct BenchCommand: Command {
    let name = "bench"
    let summary = "benchmark both drivers, the codec and the engines against the raw C API (release build)"
    let help = """
    Usage: driverport bench [--quick] [--json | --markdown [--page]] [--out FILE] [--only FAMILY,...]
           driverport bench --from FILE [--json | --markdown [--page]]

    Runs every case on the same data in one process: implementations alternate round by round (the order
    rotates), rounds repeat until the spread of the per-round ratios is small, and each implementation's
    median time and its ratio to the baseline measured in the same rounds are reported. Implementations
    must process the same rows and read the same values (checked every round). Build it for release first
    (swift build -c release); a debug build runs, with a warning, but its figures say little.

    Families (cases), in run order:
      fetch        fetch 200k rows of 10 INTEGER columns by index, by column name, into records
                   (raw C, legacy, queue, pool)
      insert       insert 50k such rows in one transaction (same four)
      mmex         on a 100k-transaction fixture: load every transaction into AccountTransaction values,
                   account balances, monthly income vs expense, 10k point lookups by id; load and reports
                   also at 10k and 1M transactions (scale)
      codec        full scan of the 100k fixture plain vs SQLCipher v4 (also with its scan read-ahead off), v3,
                   AES-128 and ChaCha20, time to open (key derivation) apart; the SQLCipher v3 file via our
                   codec vs Debian's SQLCipher engine
      concurrency  1, 2 and 4 reader tasks on a pool vs a queue, without and with a concurrent writer
      memory       peak resident memory of a streamed scan of 1M transactions, per implementation, each in a
                   child process of its own (so no other case's memory counts)
      records      the reader/writer driver's query interface (Record.fetchAll, a filtered request) and record
                   inserts, against the raw C work of fetch and insert (raw C, queue, pool)
      shadow       MMEX read units and write units on the mmex fixture through the legacy session alone and
                   through a shadow session (candidate: queue) comparing 0%, 1% and 100% of them (the copy
                   in /dev/shm when there is one; 1% also with the copy on disk)
      diff         'driverport diff' and 'inspect' as commands, each run a child process (wall time, the
                   child's CPU time and peak memory): diff of infotable, currencies and accounts on the mmex
                   fixture plain vs SQLCipher v4 vs AES-128; each of infotable, currencies and accounts on
                   the 200-transaction fixture vs the mmex one; infotable once on 1M
                   transactions (full run only) for its peak memory; inspect plain vs v4 with its key
                   derivations. Same seed (1) and operations (100) everywhere; --quick: 20 operations,
                   infotable (ciphers), infotable and accounts (scale), no 1M
    Fixtures are generated on first use and cached in .build/fixtures, or in the folder named by the environment
    variable DRIVERPORT_FIXTURE_CACHE. The diff family's children get the fixtures' test passphrase in the
    environment variable DRIVERPORT_BENCH_DIFF_KEY (their --key-env).

    Options:
      --quick         the CI smoke run: a tenth of the sizes, no 1M fixture, fewer rounds (under a minute)
      --json          print the run as one JSON document: run facts, "results" (one object per case and
                      implementation: name, implementation, medianSeconds, ratioToRawC where the baseline is
                      raw C over the same engine, baseline, ratioToBaseline, rows, rounds, spread, extra), "goals"
      --markdown      print the run as Markdown tables, every family's
      --page          with --markdown: only what BENCHMARKS.md keeps (the run, the goals, the records, shadow
                      and diff tables); .ci/bench-report writes that between the page's markers
      --out FILE      also write the JSON document to FILE
      --only LIST     run only these families (comma-separated names from the list above)
      --from FILE     measure nothing: print the run saved in FILE (JSON written by --out or --json)
      --memory-probe NAME --fixture PATH
                      internal: the child process of the memory family (scan PATH with NAME, print a report)

    Exit codes: 0 the run finished (goals met or not: see the report), 64 usage, 66 --from FILE missing,
    70 implementations disagreed on rows or values, 73 --out FILE cannot be written.
    """
    let flags: Set<String> = ["quick", "json", "markdown", "page"]
    let options: Set<String> = ["out", "only", "from", "memory-probe", "fixture"]

    /// The fixture cache: the folder `DRIVERPORT_FIXTURE_CACHE` names (when set and not empty), else
    /// ``MMEXFixtures/FixtureCache/standard``.
    static func fixtureCache(environment: [String: String]) -> FixtureCache {
        guard let folder = environment["DRIVERPORT_FIXTURE_CACHE"], !folder.isEmpty else { return .standard }
        return FixtureCache(directory: URL(fileURLWithPath: folder))
    }

    func run(_ arguments: ArgumentList, console: Console) throws -> ExitCode {
        _ = try arguments.requirePositionals([])
        if arguments.flag("json") && arguments.flag("markdown") {
            throw CLIError.usage("--json and --markdown are alternatives; pick one")
        }
        if arguments.flag("page") && !arguments.flag("markdown") {
            throw CLIError.usage("--page goes with --markdown")
        }
        if let implementation = arguments.option("memory-probe") {
            return try memoryProbe(implementation, arguments, console: console)
        }
        if let from = arguments.option("from") {
            if arguments.flag("quick") || arguments.option("only") != nil || arguments.option("out") != nil {
                throw CLIError.usage("--from FILE only renders a saved run; it takes --json or --markdown [--page] only")
            }
            return try render(from: from, arguments, console: console)
        }
        if arguments.option("fixture") != nil { throw CLIError.usage("--fixture goes with --memory-probe") }
        var configuration: BenchConfiguration = arguments.flag("quick") ? .quick : .full
        var command = "driverport bench" + (arguments.flag("quick") ? " --quick" : "")
        if let only = arguments.option("only") {
            configuration.families = try families(only)
            command += " --only \(only)"
        }
        #if DEBUG
        let build = "debug"
        console.error("driverport bench: warning: this is a debug build; build with 'swift build -c release' "
            + "(or run 'make bench') for figures that mean something")
        #else
        let build = "release"
        #endif
        configuration.codecExtensionLibrary = try? CodecExtension.libraryPath()
        let outPath = arguments.option("out")
        if let outPath { command += " --out \(outPath)" }
        let document: BenchDocument
        do {
            document = try BenchSuite.run(
                configuration, fixtures: Self.fixtureCache(environment: ProcessInfo.processInfo.environment),
                probeExecutable: Self.ownExecutable(), command: command, build: build,
                progress: { console.progress("bench: \($0)") }, familyRunners: [.shadow: ShadowBenchCases.run])
        } catch let error as BenchMismatchError {
            console.endProgress()
            throw CLIError(error.description, exitCode: .software)
        } catch let error as MemoryProbeError {
            console.endProgress()
            throw CLIError(error.description, exitCode: .software)
        }
        console.endProgress()
        if let outPath {
            do {
                try document.jsonData().write(to: URL(fileURLWithPath: outPath), options: .atomic)
            } catch {
                throw CLIError("cannot write \(outPath): \(error.localizedDescription)", exitCode: .cannotCreate)
            }
        }
        try print(document, arguments, console: console)
        return .ok
    }

    private func print(_ document: BenchDocument, _ arguments: ArgumentList, console: Console) throws {
        if arguments.flag("json") {
            console.out(String(decoding: try document.jsonData(), as: UTF8.self) + "\n")
        } else if arguments.flag("markdown") {
            console.out(BenchReport.markdown(document, families: arguments.flag("page") ? BenchReport.pageFamilies : nil))
        } else {
            console.out(BenchReport.text(document))
        }
    }

    private func render(from path: String, _ arguments: ArgumentList, console: Console) throws -> ExitCode {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError("\(path): no such file or not readable", exitCode: .noInput)
        }
        let document: BenchDocument
        do {
            document = try BenchDocument.decode(data)
        } catch {
            throw CLIError("\(path): not a bench run saved by 'driverport bench --out' (\(error))", exitCode: .dataError)
        }
        try print(document, arguments, console: console)
        return .ok
    }

    private func memoryProbe(_ implementation: String, _ arguments: ArgumentList, console: Console) throws -> ExitCode {
        guard let fixture = arguments.option("fixture") else { throw CLIError.usage("--memory-probe needs --fixture PATH") }
        guard MemoryProbe.implementations.contains(implementation) else {
            throw CLIError.usage("--memory-probe takes one of: \(MemoryProbe.implementations.joined(separator: ", "))")
        }
        guard FileManager.default.fileExists(atPath: fixture) else {
            throw CLIError("\(fixture): no such file", exitCode: .noInput)
        }
        let report = try MemoryProbe.scan(implementation: implementation, path: fixture)
        try console.json(report)
        return .ok
    }

    private func families(_ list: String) throws -> [BenchFamily] {
        let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let families = try names.map { name -> BenchFamily in
            guard let family = BenchFamily(rawValue: name) else {
                let known = BenchFamily.allCases.map(\.rawValue).joined(separator: ", ")
                throw CLIError.usage("--only takes families from: \(known); not '\(name)'")
            }
            return family
        }
        guard !families.isEmpty else { throw CLIError.usage("--only needs at least one family") }
        return families
    }

    /// This process's executable when it is `driverport` (the memory probe starts it again as a child); `nil` when
    /// the command runs inside another program (a test runner).
    static func ownExecutable() -> URL? {
        let url = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return url.lastPathComponent == "driverport" ? url : nil
    }
}
