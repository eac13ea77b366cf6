import Differential
import Foundation
import MMEXLegacy
import MMEXModel
import MMEXReaderWriter
import SQLiteEngine
import ShadowSessions
import TestSupport
import Testing

@Suite("ShadowSession's copy")
struct ShadowCopyTests {
    /// Compares every unit but those the test names `unsampled` (a deterministic stand-in for the sample).
    static func exceptUnsampled(_ options: inout ShadowOptions) {
        options.runIf = { $0.name != "unsampled" }
    }

    @Test("a copy re-made after writes that were not compared holds the real file's bytes, byte for byte")
    func remadeCopyEqualsRealFile() throws {
        let fixture = try ShadowFixture(QueueSession.self, configure: Self.exceptUnsampled)
        _ = try fixture.session.write { try $0.tags.insert(Tag(id: 0, name: "Compared")) }
        try ShadowUnit.named("unsampled") {
            for index in 0..<40 {
                let name = "Unsampled \(index) " + String(repeating: "x", count: 900)
                _ = try fixture.session.write { try $0.tags.insert(Tag(id: 0, name: name)) }
            }
        }
        let names = try fixture.session.read { try $0.tags.tags().map(\.name) }
        let shadowPath = fixture.folder.url.appendingPathComponent("shadow").appendingPathComponent("app.mmb").path
        let real = try Data(contentsOf: URL(fileURLWithPath: fixture.path))
        let shadow = try Data(contentsOf: URL(fileURLWithPath: shadowPath))
        let statistics = fixture.session.statistics
        try fixture.session.close()
        #expect(names.count >= 41)
        #expect(statistics.remakes == 2, "made at the first compared unit, re-made after the unsampled writes")
        #expect(statistics.candidateOpens == 2, "a copy in rollback mode is never restored under the open candidate")
        #expect(shadow.count == real.count)
        #expect(shadow == real, "the re-made copy is the real file's committed bytes")
        #expect(fixture.publisher.events.isEmpty)
    }

    @Test("a pool's WAL copy is restored under the open candidate after writes that were not compared: opened once, every compared unit sees the real file's state")
    func poolCopyRestoredUnderCandidate() throws {
        let fixture = try ShadowFixture(PoolSession.self, configure: Self.exceptUnsampled)
        _ = try fixture.session.write { try $0.tags.insert(Tag(id: 0, name: "Compared")) }
        for round in 0..<3 {
            try ShadowUnit.named("unsampled") {
                for index in 0..<20 {
                    let name = "Unsampled \(round) \(index) " + String(repeating: "x", count: 900)
                    _ = try fixture.session.write { try $0.tags.insert(Tag(id: 0, name: name)) }
                }
            }
            // Compared on a restored copy: a candidate that still saw the old state would differ.
            let names = try fixture.session.read { try $0.tags.tags().map(\.name) }
            #expect(names.count >= 21 + 20 * round)
            _ = try fixture.session.write { try $0.tags.insert(Tag(id: 0, name: "Compared \(round)")) }
        }
        let shadowFolder = fixture.folder.url.appendingPathComponent("shadow")
        let statistics = fixture.session.statistics
        try fixture.session.close()
        #expect(fixture.publisher.events.isEmpty, "\(fixture.publisher.events)")
        #expect(statistics.compared == 7 && statistics.remakes == 4, "made once, re-made after each round's unsampled writes")
        #expect(statistics.candidateOpens == 1, "the pool stays open: its copy is restored under it")
        #expect(!FileManager.default.fileExists(atPath: shadowFolder.path), "close removes the copy and its sidecars")
    }

    @Test("after a compared write that differed, the pool is opened again on a fresh copy rather than restored under")
    func mismatchReopensCandidate() throws {
        let fixture = try ShadowFixture(PlantedBugSession<PoolSession>.self)
        _ = try fixture.session.read { try $0.tags.tag(named: "Bugged")?.name }
        _ = try fixture.session.write { try $0.tags.insert(Tag(id: 0, name: "Bugged")) }
        _ = try fixture.session.read { try $0.tags.tag(named: "Bugged")?.name }
        let statistics = fixture.session.statistics
        try fixture.session.close()
        #expect(fixture.mismatches.count == 1, "the planted bug's insert: \(fixture.publisher.events)")
        #expect(statistics.remakes == 2 && statistics.candidateOpens == 2, "\(statistics)")
    }

    @Test("a copy the shadow's own connection cannot open is re-made by opening the candidate again, and still agrees")
    func restoreRefusedFallsBackToReopening() throws {
        let folder = TemporaryDirectory.inMemory("shadow")
        let path = try folder.copy(ShadowFixture<PoolSession>.source, as: "app.mmb")
        let publisher = CollectingShadowPublisher()
        var options = ShadowOptions()
        options.publisher = publisher
        Self.exceptUnsampled(&options)
        let session = ShadowSession(
            control: try LegacySession.open(at: path, key: nil, access: .readWrite, configuration: .standard), file: path,
            shadowFolder: folder.url.appendingPathComponent("shadow"),
            openCandidate: { try PoolSession.open(at: $0, key: nil, access: .readWrite, configuration: .standard) },
            openCopy: { _ in throw CopyRefused() }, options: options
        )
        for round in 0..<2 {
            try ShadowUnit.named("unsampled") {
                _ = try session.write { try $0.tags.insert(Tag(id: 0, name: "Unsampled \(round)")) }
            }
            _ = try session.read { try $0.tags.tags().map(\.name) }
        }
        let statistics = session.statistics
        try session.close()
        #expect(publisher.events.isEmpty, "\(publisher.events)")
        #expect(statistics.compared == 2 && statistics.remakes == 2)
        #expect(statistics.candidateOpens == 2, "no restore: every remake opened the candidate")
    }

    @Test("a tracked remake leaves the copy byte for byte the real file's committed state after control writes and candidate writes")
    func trackedRemakeEqualsRealFile() throws {
        let disagreements = ChangedPageTracking.disagreements.load(ordering: .relaxed)
        let fixture = try ShadowFixture(QueueSession.self, configure: Self.exceptUnsampled)
        let shadowPath = fixture.folder.url.appendingPathComponent("shadow").appendingPathComponent("app.mmb").path
        // Compared: the copy is made, then the candidate writes it as the control writes the real file.
        _ = try fixture.session.write { try $0.tags.insert(Tag(id: 0, name: "Compared")) }
        var count: Int?
        for round in 0..<3 {
            try ShadowUnit.named("unsampled") {
                for index in 0..<15 {
                    let name = "Unsampled \(round) \(index) " + String(repeating: "x", count: 900)
                    _ = try fixture.session.write { try $0.tags.insert(Tag(id: 0, name: name)) }
                }
                _ = try fixture.session.write { tags in
                    let doomed = try tags.tags.tag(named: "Unsampled \(round) 3 " + String(repeating: "x", count: 900))
                    return try tags.tags.deleteTag(id: doomed?.id ?? 0)
                }
            }
            // A compared read re-makes the copy from what both sides wrote, and writes nothing to it.
            let names = try fixture.session.read { try $0.tags.tags().map(\.name) }
            // 15 written, 1 deleted since the last round; the compared one of the round before.
            if let count { #expect(names.count == count + 15) }
            #expect(names.contains(round == 0 ? "Compared" : "Compared \(round - 1)"))
            count = names.count
            let real = try Data(contentsOf: URL(fileURLWithPath: fixture.path))
            let shadow = try Data(contentsOf: URL(fileURLWithPath: shadowPath))
            #expect(shadow == real, "round \(round): the re-made copy is the real file's committed bytes")
            _ = try fixture.session.write { try $0.tags.insert(Tag(id: 0, name: "Compared \(round)")) }
        }
        let statistics = fixture.session.statistics
        try fixture.session.close()
        #expect(fixture.publisher.events.isEmpty, "\(fixture.publisher.events)")
        #expect(statistics.remakes == 4 && statistics.trackedRemakes == 3, "\(statistics)")
        #expect(ChangedPageTracking.disagreements.load(ordering: .relaxed) == disagreements, "the whole-file check agrees")
    }

    @Test("a commit to the real file the tracker did not see makes the remake compare whole files, and the copy is still the real file's bytes")
    func untrackedCommitFallsBackToWholeFiles() throws {
        let fixture = try ShadowFixture(QueueSession.self, configure: Self.exceptUnsampled)
        let shadowPath = fixture.folder.url.appendingPathComponent("shadow").appendingPathComponent("app.mmb").path
        _ = try fixture.session.write { try $0.tags.insert(Tag(id: 0, name: "Compared")) }
        // Straight through SQLite's own VFS, past the tracker, as another process would write.
        let outside = try EngineConnection(path: fixture.path, options: OpenOptions(access: .readWrite, vfs: "unix"))
        try outside.run("INSERT INTO TAG_V1 (TAGNAME, ACTIVE) VALUES ('Outside', 1)")
        outside.close()
        let names = try fixture.session.read { try $0.tags.tags().map(\.name) }
        let real = try Data(contentsOf: URL(fileURLWithPath: fixture.path))
        let shadow = try Data(contentsOf: URL(fileURLWithPath: shadowPath))
        _ = try fixture.session.write { try $0.tags.insert(Tag(id: 0, name: "Compared again")) }
        let statistics = fixture.session.statistics
        try fixture.session.close()
        #expect(names.contains("Outside"))
        #expect(shadow == real, "the copy re-made from the whole file holds the outside commit")
        #expect(statistics.remakes == 2 && statistics.trackedRemakes == 0, "\(statistics)")
        #expect(fixture.publisher.events.isEmpty, "\(fixture.publisher.events)")
    }

    @Test("nothing written since the last compared unit: the copy is not re-made, however many units ran between")
    func noWriteNoRemake() throws {
        let fixture = try ShadowFixture(QueueSession.self, configure: Self.exceptUnsampled)
        _ = try fixture.session.write { try $0.tags.insert(Tag(id: 0, name: "First")) }
        try ShadowUnit.named("unsampled") {
            for _ in 0..<10 { _ = try fixture.session.read { try $0.tags.tags().count } }
        }
        _ = try fixture.session.read { try $0.tags.tag(named: "First") }
        _ = try fixture.session.write { try $0.tags.insert(Tag(id: 0, name: "Second")) }
        let statistics = fixture.session.statistics
        try fixture.session.close()
        #expect(statistics.units == 13 && statistics.compared == 3)
        #expect(statistics.remakes == 1, "reads and compared writes keep the copy in step")
        #expect(fixture.publisher.events.isEmpty)
    }

    @Test("the default folder is a new one under memory-backed storage when there is some; the copy's folder is owner-only and goes on close")
    func defaultFolder() throws {
        let first = ShadowFolder.scratch(label: "shadow-test")
        #expect(first != ShadowFolder.scratch(label: "shadow-test"))
        #expect(first.deletingLastPathComponent().path == ShadowFolder.memoryBackedParent.path)
        if ProcessInfo.processInfo.environment["TMPDIR"] == nil, FileManager.default.isWritableFile(atPath: "/dev/shm") {
            #expect(ShadowFolder.memoryBackedParent.path == "/dev/shm")
        }
        let fixture = try ShadowFixture(QueueSession.self, shadowFolder: first)
        _ = try fixture.session.read { try $0.tags.tags().count }
        let permissions = try FileManager.default.attributesOfItem(atPath: first.path)[.posixPermissions] as? Int
        try fixture.session.close()
        #expect(permissions == 0o700)
        #expect(!FileManager.default.fileExists(atPath: first.path), "close removes the shadow folder")
    }
}

/// An `openCopy` that refuses, as one without the copy's key would fail.
private struct CopyRefused: Error {}
