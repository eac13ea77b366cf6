import Foundation
import MMEXLegacy
import MMEXModel
import MMEXSession
import MMEXShadow
import ShadowSessions
import Synchronization
import TestSupport

/// A copy of the 200-transaction fixture in a fresh in-memory folder, and a shadow session on it.
struct ShadowFixture<Candidate: MMEXSession> {
    let folder = TemporaryDirectory.inMemory("shadow")
    let path: String
    let publisher = CollectingShadowPublisher()
    let session: ShadowSession<LegacySession, Candidate>

    static var source: URL { SharedData.repositoryRoot.appendingPathComponent("Fixtures/mmex-200.mmb") }

    init(_ candidate: Candidate.Type, shadowFolder: URL? = nil, configure: (inout ShadowOptions) -> Void = { _ in }) throws {
        path = try folder.copy(Self.source, as: "app.mmb")
        var options = ShadowOptions()
        options.samplingSeed = 1
        options.publisher = publisher
        configure(&options)
        session = try MMEXShadow.open(
            at: path, key: nil, control: LegacySession.self, candidate: candidate,
            shadowFolder: shadowFolder ?? folder.url.appendingPathComponent("shadow"), options: options,
            minter: countingMinter()
        )
    }

    var mismatches: [ShadowEvent] { publisher.events.filter { $0.kind == .mismatch } }
    var errors: [ShadowEvent] { publisher.events.filter { $0.kind == .error } }
}

/// The tag names the control's file holds, read by a session of its own after the shadow session closed.
func tagNames(in path: String) throws -> [String] {
    let session = try LegacySession.open(at: path, key: nil, access: .readOnly, configuration: .standard)
    defer { try? session.close() }
    return try session.read { try $0.tags.tags().map(\.name) }
}

/// Ids 1_767_225_600_000_000 + n: fresh in the fixture, the same sequence in every run.
func countingMinter() -> IdentifierMinter {
    let counter = Atomic<Int64>(0)
    return IdentifierMinter { 1_767_225_600_000_000 + counter.add(1, ordering: .relaxed).newValue }
}
