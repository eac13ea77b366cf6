import Foundation
import MMEXFiles
import SQLiteEngine
import TestSupport
import Testing

/// A `driverport upgrade` child process is killed with SIGKILL mid-way; the file must then be a consistent file of
/// the last committed version (equal, schema and rows, to a clean upgrade to that version), and a rerun must finish
/// the upgrade. More random kills with `DRIVERPORT_SOAK=1`.
@Suite("Interrupted upgrades", .serialized)
struct UpgradeCrashTests {
    static let soak = ProcessInfo.processInfo.environment["DRIVERPORT_SOAK"] == "1"

    /// Where the deterministic runs stop the child (upgrade phases: `CommandHooks.Point.upgrade` in the CLI).
    static let pausePoints = [
        "backup", "applied:1", "applied:3", "committed:3", "applied:15", "committed:15", "applied:17",
        "committed:17", "applied:20", "applied:21", "committed:21", "verified",
    ]

    @Test("an upgrade killed at a known phase leaves the old or an upgraded file, never a mix; a rerun finishes it", .needsSharedData)
    func killAtEachPhase() throws {
        let references = try ReferenceStates()
        for point in Self.pausePoints {
            let folder = TemporaryDirectory("crash")
            let path = try folder.copy(UpgradeFixtures.realV0, as: "money.mmb")
            let stopped = try ChildUpgrade.runAndKill(path: path, pauseAt: point)
            #expect(stopped, "the child did not pause at \(point)")
            let version = try verifyKilledFile(path, references: references, label: point)
            let expected = Int64(point.split(separator: ":").last.flatMap { Int($0) } ?? 0)
            switch point {
            case "backup": #expect(version == 0)
            case "verified": #expect(version == 21)
            default: #expect(version == (point.hasPrefix("applied") ? expected - 1 : expected), "\(point)")
            }
        }
    }

    @Test("upgrades killed at random moments always leave a consistent file that a rerun finishes", .needsSharedData)
    func killAtRandomMoments() throws {
        let references = try ReferenceStates()
        var generator = SystemRandomNumberGenerator()
        let runs = Self.soak ? 300 : 24
        var seen: Set<Int64> = []
        for run in 0..<runs {
            let folder = TemporaryDirectory("crash")
            let path = try folder.copy(UpgradeFixtures.realV0, as: "money.mmb")
            let delay = Int.random(in: 0...260, using: &generator)
            _ = try ChildUpgrade.runAndKill(path: path, pauseAt: nil, phaseDelayMilliseconds: 3, killAfterMilliseconds: delay)
            seen.insert(try verifyKilledFile(path, references: references, label: "run \(run), kill after \(delay) ms"))
        }
        // The kills landed at different points of the upgrade, not all before or after it.
        #expect(seen.count >= 3, "versions seen after a kill: \(seen.sorted())")
    }

    /// Checks a killed file against the clean states, reruns the upgrade, and checks the result; returns the
    /// version the kill left.
    private func verifyKilledFile(_ path: String, references: ReferenceStates, label: String) throws -> Int64 {
        let state = try UpgradeFixtures.state(of: path)
        let reference = try #require(references.states[state.userVersion], "\(label): no reference for \(state.userVersion)")
        #expect(state == reference, "\(label): the file at version \(state.userVersion) differs from a clean upgrade to it")

        let rerun = try DriverPortBinary.run(["upgrade", path])
        #expect(rerun.exitCode == 0, "\(label): \(rerun.standardError)")
        #expect(try UpgradeFixtures.state(of: path) == references.states[21], "\(label): the rerun did not finish")
        let connection = try EngineConnection(path: path)
        #expect(try connection.scalar("PRAGMA integrity_check") == .text("ok"))
        connection.close()
        for backup in UpgradeBackup.existing(for: path) {
            #expect(try Data(contentsOf: URL(fileURLWithPath: backup)) == references.original, "\(label): \(backup)")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let partials = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".partial") }
        #expect(partials.isEmpty, "\(label): \(partials)")
        return state.userVersion
    }
}

/// The state of the 0.9.7 file after a clean upgrade to each version 0...21.
struct ReferenceStates {
    let original: Data
    let states: [Int64: FileState]

    init() throws {
        original = try Data(contentsOf: UpgradeFixtures.realV0)
        var states: [Int64: FileState] = [:]
        let folder = TemporaryDirectory("reference")
        for version in Int64(0)...21 {
            let path = try UpgradeFixtures.file(atVersion: version, in: folder, name: "v\(version).mmb")
            states[version] = try UpgradeFixtures.state(of: path)
        }
        self.states = states
    }
}

/// A `driverport upgrade` child process that is killed with SIGKILL: `driverport-test-hooks`, the test build of
/// `driverport` whose upgrade pauses at a phase (`--pause-at`) or is slowed down at every phase (`--delay-ms`).
enum ChildUpgrade {
    /// Starts `driverport upgrade PATH`; kills it once it reports the pause point, or after a delay.
    /// - Returns: whether the child was still running when it was killed.
    /// - Parameters:
    ///   - extraArguments: more arguments for the child (the key options of an encrypted file).
    ///   - extraEnvironment: more environment for the child (the variable holding the key).
    static func runAndKill(
        path: String, pauseAt: String?, phaseDelayMilliseconds: Int = 0, killAfterMilliseconds: Int = 0,
        extraArguments: [String] = [], extraEnvironment: [String: String] = [:]
    ) throws -> Bool {
        let process = Process()
        process.executableURL = DriverPortBinary.withTestHooks
        let hooks = (pauseAt.map { ["--pause-at", $0] } ?? []) + ["--delay-ms", String(phaseDelayMilliseconds)]
        process.arguments = hooks + ["upgrade", path] + extraArguments
        process.environment = ProcessInfo.processInfo.environment.merging(extraEnvironment) { _, new in new }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var paused = pauseAt == nil
        if pauseAt != nil {
            var text = ""
            while !text.contains("paused at") {
                let data = errors.fileHandleForReading.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
            }
            paused = text.contains("paused at")
        } else if killAfterMilliseconds > 0 {
            // Count the delay from the first phase the child reports, so a slow start under load cannot push
            // every kill before the upgrade begins.
            var text = ""
            while !text.contains("reached") {
                let data = errors.fileHandleForReading.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
            }
            usleep(UInt32(killAfterMilliseconds) * 1000)
        }
        let running = process.isRunning
        if running { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return paused && running
    }
}
