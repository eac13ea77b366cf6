import DriverPortCLI
import Foundation
import Synchronization
import TestSupport
import Testing

/// The points `rekey`, `relocate` and `upgrade` tell their hooks (``CommandHooks``, configuration the tests' own
/// executable sets), once each and in order: what the crash tests stop or kill them at.
@Suite("Command hooks")
struct CommandHooksTests {
    /// The names of the points a run reached.
    final class Points: Sendable {
        private let names = Mutex<[String]>([])
        var all: [String] { names.withLock { $0 } }
        var hooks: CommandHooks {
            CommandHooks { point in self.names.withLock { $0.append(point.description) } }
        }
    }

    static func run(_ words: [String], points: Points) -> (ExitCode, Console) {
        let console = Console.capturing()
        return (DriverPortMain.run(words, console: console, hooks: points.hooks), console)
    }

    static func sample(_ path: String) {
        let console = Console.capturing()
        #expect(DriverPortMain.run(["create", path, "--sample"], console: console) == .ok, "\(console.standardError)")
    }

    @Test("rekey tells its hooks copying, verifying and replacing, once each")
    func rekeyPoints() throws {
        let folder = TemporaryDirectory("hooks")
        let path = folder.path("a.mmb")
        Self.sample(path)
        setenv("DP_HOOKS_NEW_KEY", "hooks passphrase", 1)
        let points = Points()
        let (code, console) = Self.run(
            ["rekey", path, "--to-cipher", "sqlcipher4", "--new-key-env", "DP_HOOKS_NEW_KEY"], points: points
        )
        #expect(code == .ok, "\(console.standardError)")
        #expect(points.all == ["copying", "verifying", "replacing"])
    }

    @Test("relocate tells its hooks every step boundary it crosses, from started to finished")
    func relocatePoints() throws {
        let folder = TemporaryDirectory("hooks")
        try FileManager.default.createDirectory(atPath: folder.path("legacy"), withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: folder.path("container"), withIntermediateDirectories: false)
        Self.sample(folder.path("legacy/a.mmb"))
        let points = Points()
        let (code, console) = Self.run(
            ["relocate", "--from", folder.path("legacy/a.mmb"), "--to", folder.path("container")], points: points
        )
        #expect(code == .ok, "\(console.standardError)")
        #expect(points.all.first == "started" && points.all.last == "finished", "\(points.all)")
        #expect(points.all.contains("mainMoved"), "\(points.all)")
        #expect(Set(points.all).count == points.all.count, "a step told twice: \(points.all)")
    }

    @Test("upgrade tells its hooks the backup, each step applied and committed, and the verification", .needsSharedData)
    func upgradePoints() throws {
        let folder = TemporaryDirectory("hooks")
        let path = try folder.copy(SharedData.realFile("android-v19-cyrillic.mmb"), as: "a.mmb")
        let points = Points()
        let (code, console) = Self.run(["upgrade", path], points: points)
        #expect(code == .ok, "\(console.standardError)")
        #expect(points.all == ["backup", "applied:20", "committed:20", "applied:21", "committed:21", "verified"])
    }

    @Test("without hooks (how driverport runs) the same commands succeed and tell nobody")
    func noHooks() throws {
        let folder = TemporaryDirectory("hooks")
        let path = folder.path("a.mmb")
        Self.sample(path)
        setenv("DP_HOOKS_NO_HOOK_KEY", "hooks passphrase", 1)
        let console = Console.capturing()
        let words = ["rekey", path, "--to-cipher", "sqlcipher4", "--new-key-env", "DP_HOOKS_NO_HOOK_KEY"]
        #expect(DriverPortMain.run(words, console: console, hooks: CommandHooks()) == .ok, "\(console.standardError)")
    }
}
