import Foundation
import MMEXLegacy
import MMEXModel
import MMEXReaderWriter
import MMEXSession
import PersistenceSession
import SQLiteEngine
import ShadowSessions
import Synchronization
import TestSupport
import Testing

@Suite("ShadowSession")
struct ShadowSessionTests {
    @Test("a planted bug in one candidate repository is published, and the app still gets the control's result")
    func plantedBugIsPublished() throws {
        let fixture = try ShadowFixture(PlantedBugSession<QueueSession>.self)
        let inserted = try fixture.session.write { try $0.tags.insert(Tag(id: 0, name: "Shadowed")) }
        #expect(inserted.name == "Shadowed")
        let listed = try fixture.session.read { try $0.tags.tags() }
        #expect(listed.contains { $0.name == "Shadowed" })
        try fixture.session.close()

        let events = fixture.mismatches
        #expect(events.count == 2)
        let write = try #require(events.first)
        #expect(write.operation == "write")
        #expect(write.differences.contains { $0.kind == "result" && $0.field == "name" && $0.control == "\"Shadowed\"" })
        #expect(write.differences.contains { $0.kind == "rows" && $0.field.hasPrefix("TAG_V1") })
        #expect(write.control?.seconds ?? -1 >= 0 && write.candidate?.seconds ?? -1 >= 0)
        #expect(write.trap == nil)
        #expect(events.last?.operation == "read")
        #expect(fixture.session.statistics.mismatches == 2)
        #expect(try tagNames(in: fixture.path).contains("Shadowed"))
    }

    @Test("the same units on a correct candidate agree, and the copy stays in step without being re-made")
    func correctCandidateAgrees() throws {
        let fixture = try ShadowFixture(PoolSession.self)
        for index in 0..<5 {
            let tag = try fixture.session.write { try $0.tags.insert(Tag(id: 0, name: "T\(index)")) }
            _ = try fixture.session.read { try $0.tags.tag(named: tag.name) }
        }
        let statistics = fixture.session.statistics
        try fixture.session.close()
        #expect(fixture.publisher.events.isEmpty)
        #expect(statistics.units == 10 && statistics.compared == 10 && statistics.mismatches == 0)
        #expect(statistics.remakes == 1)
    }

    @Test("a sampled-out, disabled or runIf-excluded unit never runs on the candidate")
    func sampledOutUnitCostsNothing() throws {
        let folder = TemporaryDirectory.inMemory("shadow")
        let path = try folder.copy(ShadowFixture<QueueSession>.source, as: "app.mmb")
        let opened = Atomic(0)
        for configure: @Sendable (inout ShadowOptions) -> Void in [
            { $0.sampleRate = 0 }, { $0.isEnabled = { false } }, { $0.runIf = { _ in false } },
        ] {
            var options = ShadowOptions()
            configure(&options)
            let shadowFolder = folder.url.appendingPathComponent("shadow")
            let session = ShadowSession(
                control: try LegacySession.open(at: path), file: path, shadowFolder: shadowFolder,
                openCandidate: { shadowPath -> QueueSession in
                    opened.add(1, ordering: .relaxed)
                    return try QueueSession.open(at: shadowPath)
                },
                options: options
            )
            _ = try session.write { try $0.infoTable.setValue("x", for: InfoKey("DP_SAMPLED")) }
            _ = try session.read { try $0.infoTable.entries() }
            #expect(session.statistics.units == 2 && session.statistics.compared == 0)
            try session.close()
            #expect(!FileManager.default.fileExists(atPath: shadowFolder.path), "no shadow copy was made")
        }
        #expect(opened.load(ordering: .relaxed) == 0, "the candidate was never opened, so it never ran a unit")
    }

    @Test("a shadow copy that cannot be made leaves the app's unit alone and publishes the shadow's error")
    func unwritableShadowFolder() throws {
        let blocker = TemporaryDirectory.inMemory("shadow-blocker")
        // A regular file where the shadow folder's parent should be: creating the folder fails, as on a read-only
        // or full volume (the tests run as root, which ignores permission bits).
        let parent = blocker.url.appendingPathComponent("not-a-folder")
        try #require(FileManager.default.createFile(atPath: parent.path, contents: Data("x".utf8)))
        let fixture = try ShadowFixture(QueueSession.self, shadowFolder: parent.appendingPathComponent("shadow"))
        let inserted = try fixture.session.write { try $0.tags.insert(Tag(id: 0, name: "Kept")) }
        let read = try fixture.session.read { try $0.tags.tag(named: "Kept") }
        let statistics = fixture.session.statistics
        try fixture.session.close()
        #expect(inserted.name == "Kept" && read?.id == inserted.id)
        #expect(try tagNames(in: fixture.path).contains("Kept"))
        #expect(fixture.errors.count == 2)
        #expect(fixture.errors.first?.error?.contains("shadow folder") == true, "\(fixture.errors.first?.error ?? "")")
        #expect(statistics.errors == 2 && statistics.skipped == 2 && statistics.mismatches == 0)
    }

    @Test("a shadow copy on a full disk: the app's units succeed and the publisher records the shadow's error")
    func fullDiskShadow() throws {
        // 128 KiB: the fixture (about 480 KiB) cannot be copied there.
        guard let disk = ScratchMount.make(sizeKiB: 128) else {
            print("skipped: cannot mount a tmpfs here (needs root)")
            return
        }
        let fixture = try ShadowFixture(QueueSession.self, shadowFolder: disk.url.appendingPathComponent("shadow"))
        let inserted = try fixture.session.write { try $0.tags.insert(Tag(id: 0, name: "Full disk")) }
        let found = try fixture.session.read { try $0.tags.tag(named: "Full disk") }
        try fixture.session.close()
        #expect(found?.id == inserted.id)
        #expect(try tagNames(in: fixture.path).contains("Full disk"))
        #expect(fixture.errors.count == 2 && fixture.mismatches.isEmpty)
        #expect(fixture.errors.first?.error?.contains("copying the real file") == true, "\(fixture.errors.first?.error ?? "")")
    }

    @Test("a change made outside the session is seen by data_version and the shadow is re-made before the next compared unit")
    func outsideChangeRemakesShadow() throws {
        let fixture = try ShadowFixture(QueueSession.self)
        _ = try fixture.session.write { try $0.tags.insert(Tag(id: 0, name: "Inside")) }
        #expect(fixture.session.statistics.remakes == 1)
        let outside = try EngineConnection(path: fixture.path)
        try outside.run("INSERT INTO TAG_V1 (TAGNAME, ACTIVE) VALUES ('Outside', 1)")
        outside.close()
        let names = try fixture.session.read { try $0.tags.tags().map(\.name) }
        let statistics = fixture.session.statistics
        try fixture.session.close()
        #expect(names.contains("Outside"))
        #expect(statistics.remakes == 2, "the copy was re-made after the outside change")
        #expect(fixture.publisher.events.isEmpty, "the re-made copy holds the outside change: nothing differs")
    }

    @Test("throw-on-mismatch mode throws the first mismatch after the control committed")
    func raiseOnMismatches() throws {
        let fixture = try ShadowFixture(PlantedBugSession<QueueSession>.self) { $0.raiseOnMismatches = true }
        #expect(throws: ShadowMismatchError.self) {
            try fixture.session.write { try $0.tags.insert(Tag(id: 0, name: "Raised")) }
        }
        try fixture.session.close()
        #expect(try tagNames(in: fixture.path).contains("Raised"), "the control committed before the error")
    }

    @Test("ignore rules keep a known difference from being published; clean redacts what is published")
    func ignoreAndClean() throws {
        let ignoring = try ShadowFixture(PlantedBugSession<QueueSession>.self) {
            $0.ignore = [ShadowIgnoreRule("planted tag names") { _, mismatch in
                mismatch.field == "name" || mismatch.field.hasPrefix("TAG_V1")
            }]
        }
        _ = try ignoring.session.write { try $0.tags.insert(Tag(id: 0, name: "Known")) }
        #expect(ignoring.publisher.events.isEmpty && ignoring.session.statistics.ignored == 1)
        try ignoring.session.close()

        let cleaning = try ShadowFixture(PlantedBugSession<QueueSession>.self) {
            $0.clean = ShadowClean.redacting(["name", "TAGNAME"])
        }
        _ = try cleaning.session.write { try $0.tags.insert(Tag(id: 0, name: "Secret payee")) }
        try cleaning.session.close()
        let event = try #require(cleaning.mismatches.first)
        #expect(event.control?.result?["name"] == .string("<redacted>"))
        #expect(event.differences.allSatisfy { !$0.control.contains("Secret") && !$0.candidate.contains("Secret") })
    }

    @Test("a returned value whose encoding throws is a mismatch on one side and an error on both, never agreement")
    func unencodableResultsAreReported() throws {
        let fixture = try ShadowFixture(QueueSession.self)
        let calls = Atomic(0)
        // The second run of the unit (one side of the pair) returns a value that cannot be encoded.
        _ = try fixture.session.read { _ in Refusing(refuses: calls.add(1, ordering: .relaxed).newValue == 2) }
        let oneSided = try #require(fixture.mismatches.first)
        #expect(fixture.mismatches.count == 1 && fixture.errors.isEmpty)
        let difference = try #require(oneSided.differences.first)
        #expect(difference.field == "(result)")
        #expect([difference.control, difference.candidate].filter { $0.contains("could not be encoded") }.count == 1)

        _ = try fixture.session.read { _ in Refusing(refuses: true) }
        try fixture.session.close()
        #expect(fixture.mismatches.count == 1, "two values that cannot be encoded are not a mismatch")
        let error = try #require(fixture.errors.first)
        #expect(error.error?.contains("could not be encoded") == true)
        #expect(fixture.session.statistics.errors == 1)
    }

    @Test("units nested in a unit go to the side running it: both refuse them, nothing differs")
    func nestedUnitsRouteToTheirSide() throws {
        let fixture = try ShadowFixture(QueueSession.self)
        let session = fixture.session
        #expect(throws: PersistenceError.self) {
            try session.write { _ in try session.write { _ in 1 } }
        }
        try session.close()
        #expect(fixture.publisher.events.isEmpty)
    }

    @Test("cancelling an async unit, before or while it runs, leaves the shadow copy in step with the real file")
    func cancellationLeavesShadowConsistent() async throws {
        let fixture = try ShadowFixture(QueueSession.self)
        let session = fixture.session
        // Cancelled before it starts: neither side runs.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await session.write { try $0.tags.insert(Tag(id: 0, name: "Never")) }
        }
        await #expect(throws: CancellationError.self) { try await early.value }

        // Cancelled while the control's unit runs: the whole compared unit still runs to its end.
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let runs = Atomic(0)
        let running = Task {
            try await session.write { context -> MMEXModel.Tag in
                if runs.add(1, ordering: .relaxed).newValue == 1 {
                    started.signal()
                    release.wait()
                }
                return try context.tags.insert(Tag(id: 0, name: "Cancelled midway"))
            }
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                started.wait()
                continuation.resume()
            }
        }
        running.cancel()
        release.signal()
        let inserted = try await running.value
        #expect(inserted.name == "Cancelled midway")
        // The next compared write finds the copy in step (no re-make) and equal to the real file.
        _ = try await session.write { try $0.tags.insert(Tag(id: 0, name: "After")) }
        let statistics = session.statistics
        try session.close()
        #expect(runs.load(ordering: .relaxed) == 2, "both sides ran the cancelled unit")
        #expect(statistics.mismatches == 0 && statistics.remakes == 1)
        #expect(try !tagNames(in: fixture.path).contains("Never"))
    }

    @Test("the JSON Lines publisher appends one object per event with unit, operation, both sides and a trap key")
    func jsonLinesPublisher() throws {
        let folder = TemporaryDirectory.inMemory("shadow-log")
        let log = JSONLinesShadowPublisher(path: folder.path("shadow.jsonl"))
        let fixture = try ShadowFixture(PlantedBugSession<QueueSession>.self) { $0.publisher = log }
        _ = try fixture.session.write { try $0.tags.insert(Tag(id: 0, name: "Logged")) }
        _ = try fixture.session.read { try $0.tags.tags() }
        try fixture.session.close()
        log.flush()
        let text = try String(contentsOfFile: log.path, encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2 && log.failedWrites == 0)
        let first = try #require(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["kind"] as? String == "mismatch" && first["operation"] as? String == "write")
        #expect(first.keys.contains("trap") && first["unit"] as? String == "write")
        let control = try #require(first["control"] as? [String: Any])
        let candidate = try #require(first["candidate"] as? [String: Any])
        #expect((control["result"] as? [String: Any])?["name"] as? String == "Logged")
        #expect((candidate["result"] as? [String: Any])?["name"] as? String == "Logged!")
        #expect(control["seconds"] is Double && candidate["seconds"] is Double)
        let attributes = try FileManager.default.attributesOfItem(atPath: log.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test("units named by the app carry their name into what is published")
    func namedUnits() throws {
        let fixture = try ShadowFixture(PlantedBugSession<QueueSession>.self)
        _ = try ShadowUnit.named("tags.tags()") { try fixture.session.read { try $0.tags.tags() } }
        try fixture.session.close()
        #expect(fixture.mismatches.first?.unit == "tags.tags()")
    }
}

/// A value whose `encode(to:)` throws when `refuses` is set.
private struct Refusing: Encodable {
    struct Refused: Error {}
    let refuses: Bool

    func encode(to encoder: any Encoder) throws {
        if refuses { throw Refused() }
        var container = encoder.singleValueContainer()
        try container.encode(1)
    }
}
