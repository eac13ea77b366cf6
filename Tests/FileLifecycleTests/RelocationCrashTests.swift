import FileLifecycle
import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built `driverport relocate` is killed with SIGKILL at every step boundary and at random moments while it
/// relocates a WAL-mode database whose newest committed transactions are only in its `-wal`; after every kill the
/// next run finishes the move, the database opens at the path it prints, and every committed row is there.
///
/// The child (`driverport-test-hooks --stop-at STEP`: `driverport` with the relocation's test hook set) stops itself
/// with SIGSTOP at the step, so the test kills it exactly there. `DRIVERPORT_SOAK=1` runs ten times as many random kills and five times as many
/// boundary kills.
@Suite("Relocation killed at any moment", .serialized)
struct RelocationCrashTests {
    /// The states a launch may find.
    enum Scenario: String, CaseIterable, CustomStringConvertible {
        /// The database in the legacy folder, an empty container.
        case intoEmptyContainer
        /// The database in the legacy folder, an empty database (schema, its own `-wal`) in the container.
        case replacingEmptyDestination
        /// The main file moved by an older build that did not settle it; its `-wal` and `-shm` still behind.
        case mainMovedByOlderBuild

        var description: String { rawValue }

        /// The step boundaries a run from this state crosses, in order.
        var steps: [RelocationStep] {
            switch self {
            case .intoEmptyContainer: [.started, .decided, .sourceOpened, .sourceSettled, .mainMoved, .finished]
            case .replacingEmptyDestination:
                [.started, .decided, .sourceOpened, .sourceSettled, .destinationSidecarsRemoved, .destinationCleared,
                 .mainMoved, .finished]
            case .mainMovedByOlderBuild: [.started, .decided, .walMoved, .shmMoved, .finished]
            }
        }
    }

    static let soak = ProcessInfo.processInfo.environment["DRIVERPORT_SOAK"] == "1"

    @Test("SIGKILL at every step boundary: the next run finishes the move with every committed row",
          arguments: Scenario.allCases)
    func killedAtEveryBoundary(scenario: Scenario) throws {
        let bench = try CrashBench()
        let repeats = Self.soak ? 15 : 3
        var reached: [RelocationStep] = []
        for step in RelocationStep.allCases {
            for attempt in 0..<repeats {
                let run = try bench.prepare(scenario, label: "\(step.rawValue)-\(attempt)")
                let child = try run.spawn(pauseAt: step)
                switch child.waitUntilStoppedOrExited() {
                case .stopped:
                    if attempt == 0 { reached.append(step) }
                    child.send(SIGKILL)
                    #expect(child.waitUntilExited() == .signaled(SIGKILL))
                case .exited(let code):
                    // This step is not on the scenario's path: the child ran to the end.
                    #expect(code == 0, "\(scenario) \(step): \(child.standardError)")
                case .signaled(let signal):
                    Issue.record("\(scenario) \(step): the child died of signal \(signal)")
                }
                try run.verifyAfterKill("\(scenario) killed at \(step)")
            }
        }
        #expect(reached == scenario.steps, "the boundaries the child stopped at")
    }

    @Test("SIGKILL at random moments: the next run finishes the move with every committed row",
          arguments: Scenario.allCases)
    func killedAtRandomMoments(scenario: Scenario) throws {
        let bench = try CrashBench()
        let window = try bench.relocationDuration(scenario)
        let runs = Self.soak ? 1500 : 60
        var generator = SystemRandomNumberGenerator()
        var killedMidway = 0
        var killStates: [String: Int] = [:]
        for index in 0..<runs {
            let run = try bench.prepare(scenario, label: "random-\(index)")
            let child: ControlledChild
            if index % 10 == 9 {
                // Now and then a kill anywhere from process start, before the relocation may even have begun.
                child = try run.spawn(pauseAt: nil)
                usleep(UInt32.random(in: 0...30_000, using: &generator))
            } else {
                // Mostly a kill inside the relocation: released at its start, killed a random time later.
                child = try run.spawn(pauseAt: .started)
                guard child.waitUntilStoppedOrExited() == .stopped else {
                    Issue.record("\(scenario): the child did not stop at .started: \(child.standardError)")
                    continue
                }
                child.send(SIGCONT)
                usleep(UInt32.random(in: 0...window, using: &generator))
            }
            child.send(SIGKILL)
            switch child.waitUntilExited() {
            case .signaled:
                killedMidway += 1
                killStates[run.state, default: 0] += 1
            case .exited(let code): #expect(code == 0, "\(scenario) run \(index): \(child.standardError)")
            case .stopped: Issue.record("\(scenario) run \(index): still stopped")
            }
            try run.verifyAfterKill("\(scenario) random kill \(index)")
        }
        print("\(scenario): \(runs) runs, \(killedMidway) killed before finishing, window \(window) µs, states \(killStates)")
        #expect(killedMidway > 0, "at least some kills must land before the child finished")
    }
}

/// The shared pieces of the crash runs: the WAL crash image (its writer stays open in this process the whole
/// time), an empty destination image, and a fresh folder per run.
///
/// The runs live on `/dev/shm` when it exists: a SIGKILL leaves the page cache intact, so what `fsync` makes durable
/// is not what these tests are about, and a memory file system keeps hundreds of runs fast and the kill windows on
/// the relocation's own steps rather than on disk flushes.
final class CrashBench {
    let image: WALCrashImage
    let empty: WALCrashImage
    let folder: URL

    init() throws {
        let base = FileManager.default.isWritableFile(atPath: "/dev/shm")
            ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        folder = base.appendingPathComponent("driverport-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        image = try WALCrashImage(checkpointedRows: 40, walTransactions: 40, rowsPerTransaction: 8)
        empty = try WALCrashImage(checkpointedRows: 0, walTransactions: 0)
        guard image.mainFileOnly.rows < image.expected.rows else {
            throw FixtureError("the crash image must keep committed rows in its WAL only")
        }
    }

    /// A fresh legacy folder and container in the state `scenario` describes.
    func prepare(_ scenario: RelocationCrashTests.Scenario, label: String) throws -> CrashRun {
        let root = folder.appendingPathComponent(label).path
        let run = CrashRun(root: root, expected: image.expected)
        for path in [run.legacyFolder, run.container, run.temporary] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        try image.install(at: run.legacy)
        switch scenario {
        case .intoEmptyContainer: break
        case .replacingEmptyDestination: try empty.install(at: run.destination)
        case .mainMovedByOlderBuild: try FileManager.default.moveItem(atPath: run.legacy, toPath: run.destination)
        }
        return run
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// How long a child takes from being released at `.started` to its exit, in microseconds (the median of five
    /// uninterrupted runs, which are verified like every other): the window the random kills are drawn from. Not
    /// an assertion; measured on the child itself so that a busy machine widens the window along with the child.
    func relocationDuration(_ scenario: RelocationCrashTests.Scenario) throws -> UInt32 {
        var durations: [Duration] = []
        for index in 0..<5 {
            let run = try prepare(scenario, label: "measure-\(index)")
            let child = try run.spawn(pauseAt: .started)
            guard child.waitUntilStoppedOrExited() == .stopped else {
                throw FixtureError("the child did not stop at .started: \(child.standardError)")
            }
            let clock = ContinuousClock()
            let start = clock.now
            child.send(SIGCONT)
            _ = child.waitUntilExited()
            durations.append(clock.now - start)
            try run.verifyAfterKill("\(scenario) measuring run \(index)")
        }
        let median = durations.sorted()[durations.count / 2]
        let microseconds = median.components.seconds * 1_000_000 + median.components.attoseconds / 1_000_000_000_000
        return UInt32(clamping: max(500, microseconds))
    }
}

/// One run's folders and the checks after it was killed.
struct CrashRun {
    let root: String
    let expected: LedgerFixture.Contents
    var legacyFolder: String { root + "/legacy" }
    var container: String { root + "/container" }
    var temporary: String { root + "/tmp" }
    var legacy: String { legacyFolder + "/ledger.db" }
    var destination: String { container + "/ledger.db" }

    /// Starts `driverport relocate --json` on this run's folders, stopping itself at `pauseAt` (the test build of
    /// `driverport` then: the product has no hooks).
    func spawn(pauseAt step: RelocationStep?) throws -> ControlledChild {
        let words = ["relocate", "--from", legacy, "--to", container, "--json"]
        return try ControlledChild.spawn(
            step == nil ? DriverPortBinary.url : DriverPortBinary.withTestHooks,
            step.map { ["--stop-at", $0.rawValue] + words } ?? words,
            environment: ["TMPDIR": temporary], outputPath: root + "/out-\(UUID().uuidString).json"
        )
    }

    /// Which files exist, for statistics: `L:main,-wal D:main`.
    var state: String {
        "L:" + RelocationLayout.files(at: legacy).joined(separator: ",") + " D:"
            + RelocationLayout.files(at: destination).joined(separator: ",")
    }

    /// After a kill: the database is still somewhere; a new run finishes the move; the database opens at the path
    /// it prints with every committed row; nothing is left in the legacy folder.
    func verifyAfterKill(_ context: String) throws {
        let legacyExists = FileManager.default.fileExists(atPath: legacy)
        let destinationExists = FileManager.default.fileExists(atPath: destination)
        #expect(legacyExists || destinationExists, "\(context): the main file is in neither place")

        let child = try spawn(pauseAt: nil)
        let status = child.waitUntilExited()
        #expect(status == .exited(0), "\(context): the next run failed: \(child.standardError)")
        let report = try JSONDecoder().decode(Report.self, from: Data(child.standardOutput.utf8))
        #expect(report.path == destination, "\(context)")
        #expect(report.fallbackReason == nil && !report.conflict && report.safeToOpen, "\(context): \(report)")
        #expect(RelocationLayout.files(at: legacy).isEmpty, "\(context): left behind \(RelocationLayout.files(at: legacy))")
        #expect(try LedgerFixture.contents(at: report.path) == expected, "\(context)")
        #expect(try LedgerFixture.integrity(at: report.path) == "ok", "\(context)")
        try? FileManager.default.removeItem(atPath: root)
    }

    struct Report: Decodable {
        let path: String
        let moved: Bool
        let fallbackReason: String?
        let conflict: Bool
        let safeToOpen: Bool
    }
}
