import Foundation
import TestSupport
import Testing

/// The long commands' scratch files: private while the command runs, gone after it ends however it ends (a normal
/// exit, SIGINT, SIGTERM or SIGHUP), and a SIGKILLed run's folder removed by the next run.
///
/// Each run's scratch root is a test-private folder (`TMPDIR`), so whatever a run leaves is seen. A run is
/// interrupted at a moment chosen from a seed among stages of its progress seen in that folder (its first scratch
/// folder exists; the copy of the user's file exists), never after a sleep.
@Suite("Scratch files of the long commands", .serialized)
struct ScratchCleanupTests {
    /// A sample MMEX file, a transcript recorded from it, and an empty scratch root.
    struct Setup {
        let data = TemporaryDirectory("driverport-scratch-data")
        let root = TemporaryDirectory("driverport-scratch-root")
        var file: String { data.path("budget.mmb") }
        var transcript: String { data.path("budget.transcript") }
        var environment: [String: String] { ["TMPDIR": root.url.path] }

        init() throws {
            let created = try DriverPortBinary.run(["create", file, "--sample"])
            try #require(created.exitCode == 0, "create: \(created.standardError)")
            // The transcript verify reads (the record runs themselves write to TRANSCRIPT.new).
            let recorded = try DriverPortBinary.run(
                ["record", file, "--out", transcript, "--slices", "import", "--operations", "20"],
                environment: ["TMPDIR": root.url.path]
            )
            try #require(recorded.exitCode == 0, "record: \(recorded.standardError)")
        }

        /// The command line of one long command on `file`, kept short (the import slice, few operations).
        static func arguments(_ command: String, file: String, transcript: String, operations: Int = 20) -> [String] {
            let common = ["--slices", "import", "--operations", String(operations)]
            switch command {
            case "record": return ["record", file, "--out", transcript + ".new"] + common
            case "verify": return ["verify", file, "--transcript", transcript]
            default: return [command, file] + common
            }
        }

        func arguments(_ command: String, operations: Int = 20) -> [String] {
            Self.arguments(command, file: file, transcript: transcript, operations: operations)
        }

        /// Everything under the scratch root, as paths relative to it.
        func leftOvers() -> [String] {
            (FileManager.default.subpaths(atPath: root.url.path) ?? []).sorted()
        }
    }

    static let commands = ["diff", "record", "verify", "shadow"]
    static let signals = [SIGINT, SIGTERM, SIGHUP]

    @Test("a normal run of each long command leaves nothing in the scratch root", arguments: commands)
    func normalRunLeavesNothing(command: String) throws {
        let setup = try Setup()
        #expect(setup.leftOvers().isEmpty)
        let result = try DriverPortBinary.run(setup.arguments(command, operations: 5), environment: setup.environment)
        #expect([0, 1].contains(result.exitCode), "\(command): \(result.standardError)")
        #expect(setup.leftOvers() == [], "\(command) left scratch behind")
    }

    @Test("a run that fails after making scratch leaves nothing in the scratch root")
    func failedRunLeavesNothing() throws {
        let setup = try Setup()
        // The transcript names a file the run cannot write (its folder is missing): the run has made and filled its
        // scratch by the time it writes the transcript.
        let result = try DriverPortBinary.run(
            ["record", setup.file, "--out", setup.data.path("missing-folder/t.transcript"), "--slices", "import",
             "--operations", "5"],
            environment: setup.environment
        )
        #expect(result.exitCode != 0)
        #expect(setup.leftOvers() == [], "a failed record left scratch behind")
    }

    /// The stages a run passes through, as seen in its scratch root.
    enum Stage: CaseIterable {
        /// Some scratch folder of the run exists.
        case firstFolder
        /// A copy of the user's file exists in the scratch.
        case userCopy

        func reached(in setup: Setup) -> Bool {
            let entries = setup.leftOvers()
            switch self {
            case .firstFolder: return entries.contains { $0.hasPrefix("driverport-") }
            case .userCopy: return entries.contains { $0.hasSuffix("/budget.mmb") }
            }
        }
    }

    @Test(
        "an interrupted long command dies of the signal and leaves nothing, and the next run finds nothing either",
        arguments: commands
    )
    func interruptedRunLeavesNothing(command: String) throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["DRIVERPORT_TEST_SEED"] ?? "") ?? 35
        var generator = SeededGenerator(seed: seed &+ UInt64(Self.commands.firstIndex(of: command) ?? 0))
        // Each command with one of the signals in the test run (the commands take turns over them, so each signal is
        // sent), every signal in the soak.
        let index = Self.commands.firstIndex(of: command) ?? 0
        let signals = Soak.pick(normal: [Self.signals[index % Self.signals.count]], soak: Self.signals)
        for signal in signals {
            let setup = try Setup()
            let stage = Stage.allCases.randomElement(using: &generator) ?? .firstFolder
            let process = try Self.start(setup.arguments(command, operations: 200), environment: setup.environment)
            let reached = Self.wait(for: stage, in: setup, while: process)
            try #require(reached, "\(command) ended before reaching \(stage)")
            // While it runs: the top folders are the owner's only, the copies of the user's file too.
            for entry in setup.leftOvers() {
                let mode = Self.mode(setup.root.url.appendingPathComponent(entry).path)
                if !entry.contains("/") { #expect(mode == 0o700, "\(entry) is \(String(mode, radix: 8))") }
                if entry.hasSuffix("/budget.mmb") { #expect(mode == 0o600, "\(entry) is \(String(mode, radix: 8))") }
            }
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "\(command) at \(stage), signal \(signal)")
            #expect(process.terminationStatus == signal, "\(command) at \(stage), signal \(signal)")
            // The handler removed the scratch before the process died: nothing is left, and nothing the command's
            // own threads wrote while it was being removed came back.
            #expect(setup.leftOvers() == [], "\(command) interrupted by signal \(signal) at \(stage) left scratch")
            let next = try DriverPortBinary.run(setup.arguments(command, operations: 2), environment: setup.environment)
            #expect([0, 1].contains(next.exitCode), "\(command): \(next.standardError)")
            #expect(setup.leftOvers() == [], "the run after \(command) interrupted by signal \(signal) left scratch")
        }
    }

    @Test("the folder of a SIGKILLed run is removed by the next run, and nothing else is")
    func killedRunsFolderIsRemovedByTheNextRun() throws {
        let setup = try Setup()
        let process = try Self.start(setup.arguments("diff", operations: 200), environment: setup.environment)
        try #require(Self.wait(for: .userCopy, in: setup, while: process), "diff ended before copying the file")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let killed = setup.leftOvers().filter { !$0.contains("/") }
        #expect(!killed.isEmpty, "a SIGKILLed run cannot clean up: its folder should still be there")
        // Folders the next run must leave alone: a live process's (this one's), and one without the scratch name.
        let live = "driverport-diff-\(getpid())-abcdef"
        let foreign = "driverport-notes"
        for name in [live, foreign] {
            try FileManager.default.createDirectory(atPath: setup.root.path(name), withIntermediateDirectories: false)
        }
        let next = try DriverPortBinary.run(setup.arguments("diff", operations: 2), environment: setup.environment)
        #expect([0, 1].contains(next.exitCode), "\(next.standardError)")
        #expect(setup.leftOvers() == [live, foreign])
    }

    // MARK: Helpers

    static func start(_ arguments: [String], environment: [String: String]) throws -> Process {
        let process = Process()
        process.executableURL = DriverPortBinary.url
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Polls the scratch root until `stage` is reached (true) or the process ended (false).
    static func wait(for stage: Stage, in setup: Setup, while process: Process) -> Bool {
        while process.isRunning {
            if stage.reached(in: setup) { return true }
            usleep(1_000)
        }
        return false
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & 0o7777
    }
}

/// SplitMix64: the moments to interrupt at come from a seed, so a failure is repeated with the same seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
