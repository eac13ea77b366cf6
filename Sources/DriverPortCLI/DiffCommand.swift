import Differential
import Foundation
import MMEXDifferential
import MMEXFiles
import MMEXModel
import SQLiteCipher
import ShadowSessions

/// `driverport diff`: runs every ported repository slice on the legacy session against the queue and pool sessions,
/// on copies of FILE, and says whether they return and write the same thing.
struct DiffCommand: Command {
    let name = "diff"
    let summary = "prove the ported repository slices agree: legacy vs queue and legacy vs pool, on copies of FILE"
    let help = """
    Usage: driverport diff FILE [--cipher NAME] [--key-env NAME | --key-file PATH | --key-stdin] [--slices NAMES]
                                [--seed N] [--operations N] [--json] [--html OUT] [--whole-files] [--one-thread]
                                [--always-read-back] [--report-phases]

    Copies FILE (with its -wal and -journal) into a private folder and runs each ported slice's scenarios (its
    hand-written cases, then seeded random operation sequences) through the legacy session and the queue session,
    and through the legacy session and the pool session, every scenario on fresh copies. It compares what every
    operation returns (field by field) and what each session leaves behind after closing (every table's rows,
    user_version, schema, journal mode, the files beside the database). FILE itself is never opened for writing.
    The copies go to /dev/shm when TMPDIR is not set (they need no durable disk), else to TMPDIR. Between scenarios
    only the pages the sessions wrote are copied back from FILE, and tables neither side wrote are not compared row
    by row (a pass-through VFS records the writes); with --whole-files whole files are compared instead (slower on
    a large file, the same verdict). Each operation runs in both sessions at the same time, on two threads;
    --one-thread runs them one after the other (slower on two processors, the same verdict).
    After a scenario whose copies store something different, the legacy session also reads the copy the
    reader/writer session left (read-back): a value it cannot decode, or decodes to something else, is a mismatch
    "not readable by the legacy driver" (copies storing the same rows hold nothing the legacy session did not write
    itself; --always-read-back reads back after every scenario anyway). A mismatch
    that is a known porting trap (date format, UUID form, foreign key on one side, WAL sidecars, a ledger table, ...)
    names it and says what to do. Differences MIGRATION.md records as deliberate are listed apart and do not count.

    Prints one table per slice (scenarios, operations run, mismatches), then each mismatch with its scenario, seed
    and the shortest operation sequence that still fails. Exit 0 when every slice agrees, 1 when any differs.

    Options:
      --slices NAMES   comma-separated slices to run (default: every ported slice: \(SliceRegistry.ported.map(\.name).joined(separator: ", ")))
      --seed N         the first random scenario's seed (default 1; a report's seed replays a failure)
      --operations N   random operations per slice and comparison (default 1000; 0: hand-written scenarios only)
    \(KeyOptions.help)
      --json           {"file", "options", "slices": [{"name", "operations", "mismatches", "details": [...],
                       "recorded": [...], "comparisons": [...]}]}; a detail or recorded difference that is a
                       porting trap has "trap": {"id", "name", "advice"}
    \(HTMLReportOutput.help)
      --whole-files    reset the copies and compare the state by whole files, not by the pages the sessions wrote
      --one-thread     run each operation in one session, then the other, not in both at once
      --always-read-back  read back after every scenario, also where both copies store the same thing (slower
                       on a large file: every table the slice writes, read twice per scenario)
      --report-phases  at the end, write where the time went to stderr: 'driverport: diff phases: copies S s,
                       operations S s, readBack S s, state S s; resets: ...' (what 'driverport bench' reads)
    """
    let flags: Set<String> = Set(["json", "whole-files", "one-thread", "always-read-back", "report-phases"]).union(KeyOptions.flagNames)
    let options: Set<String> = Set(["slices", "seed", "operations", HTMLReportOutput.optionName]).union(KeyOptions.optionNames)

    func run(_ arguments: ArgumentList, console: Console) throws -> ExitCode {
        let path = try arguments.requirePositionals(["FILE"])[0]
        let keyOptions = try KeyOptions(arguments)
        let slices = try Self.slices(arguments)
        let html = try HTMLReportOutput(arguments)
        let options = DiffOptions(
            seed: try Self.seed(arguments), randomOperations: try arguments.integer("operations", range: 0...10_000_000) ?? 1000
        )
        let report: SessionDiffReport
        let phases: HarnessPhases? = arguments.flag("report-phases") ? HarnessPhases() : nil
        do {
            let key = try Self.databaseKey(for: path, keyOptions: keyOptions, console: console)
            var runner = SessionDiffRunner(
                source: .file(path: path, key: key), options: options, workDirectory: Self.scratchDirectory
            )
            runner.tracksChangedPages = !arguments.flag("whole-files")
            runner.runsSidesConcurrently = !arguments.flag("one-thread")
            runner.readBackPolicy = arguments.flag("always-read-back") ? .afterEveryScenario : .whenStatesDiffer
            runner.phases = phases
            // Text: the header now, each slice's table as it finishes, the verdict at the end (a large file's diff
            // takes minutes). JSON: one document at the end.
            // The header once the file opened (an error is then the only output).
            let streams = !arguments.flag("json")
            var headerShown = false
            report = try runner.run(slices, progress: { progress in
                if streams, !headerShown {
                    headerShown = true
                    console.line(SessionDiffReport.header(file: path, options: options).joined(separator: "\n"))
                }
                console.progress(
                    "\(progress.slice): \(progress.comparison.rawValue), scenario \(progress.scenario)/\(progress.scenarios)"
                )
            }, finished: { slice in
                guard streams else { return }
                console.endProgress()
                console.line("\n" + SessionDiffReport.lines(of: slice).joined(separator: "\n"))
            })
            console.endProgress()
        } catch let error as CLIError {
            throw error
        } catch {
            throw ErrorMapping.cliError(for: error, path: path)
        }
        if let phases { console.error("driverport: diff phases: \(phases.summary)") }
        try html?.write(report.page())
        if arguments.flag("json") {
            try console.json(report)
        } else {
            console.line("\n" + report.footer)
        }
        return report.agrees ? .ok : .differenceFound
    }

    /// Where the working copies go. They are thrown away after each scenario, so they need no durable disk:
    /// `/dev/shm` (memory) when it is there and `TMPDIR` is not set, else the temporary folder. Every write unit of
    /// work of every session syncs its copy; on a busy disk that dominated the run (the default run on the plain
    /// fixture: 19.4 s in /tmp, 3.2 s in /dev/shm, 0.9 s of CPU, on 2 shared cores at load 16).
    static var scratchDirectory: URL { ShadowFolder.memoryBackedParent }

    /// The ported slices `--slices` names (every one without it).
    static func slices(_ arguments: ArgumentList) throws(CLIError) -> [PortedSlice] {
        let names = try sliceNames(arguments)
        do {
            return try SliceRegistry.slices(named: names)
        } catch {
            throw .usage("--slices: \(error)")
        }
    }

    /// The names `--slices` lists (comma-separated, repeatable); empty without it. Given but naming nothing
    /// (`--slices ""`) is a usage error, not "every slice".
    static func sliceNames(_ arguments: ArgumentList) throws(CLIError) -> [String] {
        let given = arguments.values("slices")
        let names = given.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }
            .filter { !$0.isEmpty }
        if !given.isEmpty, names.isEmpty {
            throw .usage("--slices takes slice names (\(SliceRegistry.ported.map(\.name).joined(separator: ", "))); leave it out to run every slice")
        }
        return names
    }

    /// `--seed N` (default 1).
    static func seed(_ arguments: ArgumentList) throws(CLIError) -> UInt64 {
        guard let text = arguments.option("seed") else { return 1 }
        guard let value = UInt64(text) else { throw .usage("--seed takes a whole number from 0 to \(UInt64.max), not '\(text)'") }
        return value
    }

    /// The session key for FILE from the key options (a prompt on a terminal for an encrypted file), or `nil`.
    static func databaseKey(for path: String, keyOptions: KeyOptions, console: Console) throws -> DatabaseKey? {
        let probe = try FileProbe.examine(path)
        let needed = keyOptions.needsKey(fileIsPlain: probe.kind == .plainSQLite)
        guard var bytes = try keyOptions.passphrase(needed: needed, prompt: "Passphrase for \(path): ", console: console) else {
            if needed { throw CipherError.keyRequired }
            return nil
        }
        defer { PassphrasePrompt.wipe(&bytes) }
        var key = DatabaseKey(passphrase: bytes, cipher: Self.modelCipher(keyOptions.choice))
        key.reusesDerivedKeys = keyOptions.reusesDerivedKeys
        return key
    }

    /// The model's name for a cipher choice of the command line.
    static func modelCipher(_ choice: SQLiteCipher.CipherChoice) -> MMEXModel.CipherChoice {
        switch choice {
        case .detect, .none: .automatic
        case .format(let format):
            switch format {
            case .sqlcipher4: .sqlcipher4
            case .sqlcipher3: .sqlcipher3
            case .sqlcipher2: .sqlcipher2
            case .sqlcipher1: .sqlcipher1
            case .aes128: .aes128cbc
            case .aes256: .aes256cbc
            case .chacha20: .chacha20
            case .sqleet, .rc4, .ascon128, .aegis128l, .aegis128x2, .aegis128x4, .aegis256, .aegis256x2, .aegis256x4:
                .unknown(format.rawValue)
            }
        }
    }
}
