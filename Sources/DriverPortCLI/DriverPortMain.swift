import Foundation
import MMEXFixtures
import SQLiteCipher
import SQLiteEngine

/// The `driverport` command line: picks the subcommand, handles `--help`, maps errors to one line and an exit code.
public enum DriverPortMain {
    /// Every subcommand, in the order `--help` lists them.
    public static let commands: [any Command] = commandList(hooks: CommandHooks())

    /// Every subcommand, those with points a caller can step in at (``CommandHooks``) given `hooks`.
    package static func commandList(hooks: CommandHooks) -> [any Command] {
        [
            InspectCommand(), DumpCommand(), CreateCommand(), ExportCommand(), RekeyCommand(hooks: hooks),
            FixtureCommand(), UpgradeCommand(hooks: hooks), SnapshotCommand(), RelocateCommand(hooks: hooks),
            DiffCommand(), ShadowCommand(), RecordCommand(), VerifyCommand(), BenchCommand(), SqlCommand(),
            SchemaCommand(), ShellCommand(),
        ]
    }

    static var overview: String {
        var text = """
        driverport: move an app's SQLite persistence between drivers without losing data.

        Usage: driverport COMMAND [ARGUMENTS] [--help]
               driverport help COMMAND | --help | --version

        Commands:

        """
        let width = commands.map(\.name.count).max() ?? 0
        for command in commands {
            text += "  " + command.name + String(repeating: " ", count: width - command.name.count + 2) + command.summary + "\n"
        }
        text += """

        Exit codes: 0 ok, 1 a check found a difference, 64 usage, 65 data error (not a database, wrong key),
        66 missing input, 73 cannot create output, 74 I/O error, 75 locked, try again.
        Passphrases are never taken as arguments: use --key-env NAME, --key-file PATH or --key-stdin.
        Scratch copies (0700 folders driverport-KIND-PID-XXXXXX, files 0600) go to TMPDIR (diff and shadow: /dev/shm
        when TMPDIR is not set) and are removed at exit, on errors and on SIGINT/SIGTERM/SIGHUP; set TMPDIR to move them.

        Environment (for measurements and tests; none changes what a command reads, writes or prints on stdout):
          DRIVERPORT_KEY_CACHE=off             derive an encrypted file's key at every open, not once per run
          DRIVERPORT_REPORT_KEY_DERIVATIONS=1  at exit, write 'driverport: key derivations: N, cache hits: M' to stderr
          DRIVERPORT_REPORT_PEAK_MEMORY=1      at exit, write 'driverport: peak resident memory: N bytes' (VmHWM) to
                                               stderr (how the bench measures a child: wait4's figure would include
                                               its parent's peak)
        A command's own variables are in its --help (bench: DRIVERPORT_FIXTURE_CACHE, DRIVERPORT_BENCH_DIFF_KEY).
        """
        return text
    }

    /// Runs the command line as the `driverport` process does: the derived-key cache is held for the whole run, so
    /// each encrypted file's key is derived once however often the command opens it (a `diff` opens it for every
    /// session), and wiped when the run ends. `DRIVERPORT_KEY_CACHE=off` makes the run's keys derive at every open;
    /// `DRIVERPORT_REPORT_KEY_DERIVATIONS=1` (tests, measurements) writes how many keys were derived to stderr, and
    /// `DRIVERPORT_REPORT_PEAK_MEMORY=1` the process's peak resident memory (`VmHWM`) as it ends: the bench's way to
    /// measure a child, whose `wait4` figure would include the bench's own peak. `driverport --help` lists them.
    public static func runProcess(_ words: [String], console: Console, environment: [String: String]) -> ExitCode {
        runProcess(words, console: console, environment: environment, hooks: CommandHooks())
    }

    /// ``runProcess(_:console:environment:)`` with `hooks` given to the commands that have points to step in at:
    /// what the tests' own executable runs.
    package static func runProcess(
        _ words: [String], console: Console, environment: [String: String], hooks: CommandHooks
    ) -> ExitCode {
        DerivedKeyCache.beginHold()
        let code = run(words, console: console, hooks: hooks, reusesDerivedKeys: environment["DRIVERPORT_KEY_CACHE"] != "off")
        DerivedKeyCache.endHold()
        if environment["DRIVERPORT_REPORT_KEY_DERIVATIONS"] == "1" {
            let statistics = DerivedKeyCache.statistics
            console.error("driverport: key derivations: \(statistics.derivations), cache hits: \(statistics.hits)")
        }
        if environment["DRIVERPORT_REPORT_PEAK_MEMORY"] == "1", let peak = ProcessMemory.peakResidentBytes() {
            console.error("driverport: peak resident memory: \(peak) bytes")
        }
        return code
    }

    /// Makes SIGINT, SIGTERM and SIGHUP remove the process's scratch folders before the process dies of the signal:
    /// the `driverport` executable calls it first, a test running commands in its own process does not.
    public static func removeScratchOnTerminatingSignals() {
        ScratchSignals.install()
    }

    /// Ends the `driverport` process with `code`, after removing the scratch folders still held (those kept for the
    /// whole run, such as the import scenarios' source files). When a terminating signal is being handled, waits for
    /// its handler to end the process instead, so the exit status is the signal's.
    public static func exitProcess(_ code: ExitCode) -> Never {
        ScratchFolder.removeAllLive()
        ScratchSignals.settle()
        exit(code.rawValue)
    }

    /// Runs the command line (without the program name) and returns the exit code.
    public static func run(_ words: [String], console: Console) -> ExitCode {
        run(words, console: console, hooks: CommandHooks())
    }

    /// ``run(_:console:)`` with `hooks` given to the commands that have points to step in at; `reusesDerivedKeys`
    /// `false` makes every key the command reads derive at each open (`DRIVERPORT_KEY_CACHE=off`).
    package static func run(
        _ words: [String], console: Console, hooks: CommandHooks, reusesDerivedKeys: Bool = true
    ) -> ExitCode {
        let commands = hooks.reached == nil ? Self.commands : commandList(hooks: hooks)
        guard let first = words.first else {
            console.error("driverport: missing command; see 'driverport --help'")
            return .usage
        }
        if first == "--version" || first == "version" {
            console.line("driverport \(DriverPortVersion.current)")
            return .ok
        }
        if first == "--help" || first == "-h" || first == "help" {
            // `driverport help inspect` is `driverport inspect --help`.
            if first == "help", words.count > 1 {
                guard let command = commands.first(where: { $0.name == words[1] }) else {
                    console.error("driverport help: unknown command '\(words[1])'; see 'driverport --help'")
                    return .usage
                }
                console.line(command.help)
                return .ok
            }
            console.line(overview)
            return .ok
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            console.error("driverport: unknown command '\(first)'; see 'driverport --help'")
            return .usage
        }
        do {
            var arguments = try ArgumentList(Array(words.dropFirst()), flags: command.flags, options: command.options)
            arguments.reusesDerivedKeys = reusesDerivedKeys
            if arguments.flag("help") {
                console.line(command.help)
                return .ok
            }
            return try command.run(arguments, console: console)
        } catch {
            console.endProgress()
            let mapped = ErrorMapping.cliError(for: error)
            console.error("driverport \(command.name): \(mapped.message)")
            return mapped.exitCode
        }
    }
}
