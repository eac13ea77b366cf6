import Differential
import Foundation
import GRDBSessions
import PersistenceSession
import RealLibraryPresets
import ShadowSessions
import SQLiteSwiftSessions
import Testing
import Transcripts

/// The worked example: the bookmarks app on the real SQLite.swift against its two ports to the real GRDB, through the
/// differential, transcripts and shadow mode with the adapters and presets only (no glue).
@Suite("The bookmarks app: the naive GRDB port is caught, the fixed port agrees")
struct BookmarksPortTests {
    static let seeded = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
    static let added = UUID(uuidString: "0E984725-C51C-4BF4-9960-E1C80E27ABA0")!
    static let day = Date(timeIntervalSince1970: 1_700_000_000.250)

    /// The file as the SQLite.swift app left it: one folder, one bookmark.
    static func seed(in folder: ScratchFolder) throws -> String {
        let path = folder.path("bookmarks.sqlite")
        let session = try SQLiteSwiftSessions.create(at: path, setup: SQLiteSwiftBookmarks.setup)
        try session.write { context in
            let inbox = try context.store.addFolder("Inbox")
            try context.store.add(Bookmark(
                uuid: seeded, folderID: inbox, url: "https://example.org", title: nil, createdAt: day,
                isFavorite: false, rating: 4.5
            ))
        }
        try session.close()
        return path
    }

    static let scenarios: [Scenario<BookmarksSession>] = [
        Scenario(name: "look up the seeded bookmark", operations: [
            DifferentialOperation("bookmark(seeded)") { session in try session.read { try $0.store.bookmark(seeded) } },
        ]),
        Scenario(name: "add and list", operations: [
            DifferentialOperation("addFolder(Reading)") { session in try session.write { try $0.store.addFolder("Reading") } },
            DifferentialOperation("add(added)") { session in
                try session.write { context in
                    try context.store.add(Bookmark(
                        uuid: added, folderID: 2, url: "https://swift.org", title: "Swift",
                        createdAt: day.addingTimeInterval(60), isFavorite: true, rating: 3
                    ))
                    return true
                }
            },
            DifferentialOperation("bookmarks(inFolder: 2)") { session in try session.read { try $0.store.bookmarks(inFolder: 2) } },
            DifferentialOperation("folders") { session in try session.read { try $0.store.folders() } },
        ]),
        Scenario(name: "favorite and date range", operations: [
            DifferentialOperation("setFavorite(seeded)") { session in try session.write { try $0.store.setFavorite(seeded, true) } },
            DifferentialOperation("createdBefore(day + 1s)") { session in
                try session.read { try $0.store.createdBefore(day.addingTimeInterval(1)) }
            },
            DifferentialOperation("add(seeded) again") { session in
                try session.write { context in
                    try context.store.add(Bookmark(
                        uuid: seeded, folderID: 1, url: "https://example.org/2", title: nil, createdAt: day,
                        isFavorite: false, rating: 1
                    ))
                    return true
                }
            },
        ]),
    ]

    static let sqliteSwiftSide = DifferentialSide<BookmarksSession>(
        name: "sqlite-swift", open: { try SQLiteSwiftSessions.open(at: $0, access: .readWrite, setup: SQLiteSwiftBookmarks.setup) },
        close: { try $0.close() }
    )

    static func grdbSide(_ port: GRDBBookmarks.Port) -> DifferentialSide<BookmarksSession> {
        DifferentialSide(
            name: "grdb-queue", open: { try GRDBSessions.open(.queue, at: $0, access: .readWrite, setup: GRDBBookmarks.setup(port)) },
            close: { try $0.close() }
        )
    }

    static let example = PortExample(slice: "bookmarks", seed: seed(in:), scenarios: scenarios, baseline: sqliteSwiftSide)

    private func differential(_ port: GRDBBookmarks.Port) throws -> SliceReport {
        try Self.example.differential(against: Self.grdbSide(port))
    }

    @Test("the differential finds the naive port's mismatches, trap-named, and none on the fixed port")
    func differentialVerdicts() throws {
        let naive = try differential(.naive)
        let naiveMismatches = naive.scenarios.flatMap(\.mismatches)
        #expect(naive.mismatches > 0)
        #expect(naiveMismatches.contains { $0.operation == "bookmark(seeded)" })
        #expect(naiveMismatches.contains { $0.operation == "setFavorite(seeded)" })
        let named = naiveMismatches.filter { $0.trap != nil }.count
        print("naive port: \(named) of \(naiveMismatches.count) mismatches carry a trap name")
        #expect(named * 100 >= naiveMismatches.count * 95, "\(naiveMismatches.filter { $0.trap == nil })")
        #expect(naiveMismatches.contains { $0.trap == .uuidForm && $0.followsFrom != nil }, "a consequence is named")

        let fixed = try differential(.fixed)
        #expect(fixed.mismatches == 0, "\(String(describing: fixed.scenarios.flatMap(\.mismatches)))")
        #expect(!fixed.known.isEmpty)
    }

    @Test("a transcript recorded on SQLite.swift: the naive port disagrees, the fixed port agrees")
    func transcriptVerdicts() throws {
        let verified = try Self.example.transcriptVerifications(of: [Self.grdbSide(.naive), Self.grdbSide(.fixed)])
        #expect(!verified[0].agrees)
        #expect(verified[1].agrees, "\(String(describing: verified[1].mismatches))")
    }

    private func shadowEvents(_ port: GRDBBookmarks.Port) throws -> [ShadowEvent] {
        let folder = try ScratchFolder()
        let path = try Self.seed(in: folder)
        let control = try SQLiteSwiftSessions.open(at: path, access: .readWrite, setup: SQLiteSwiftBookmarks.setup)
        let publisher = CollectingShadowPublisher()
        var options = ShadowOptions()
        options.publisher = publisher
        options.describeError = RealLibraryPresets.describeError
        options.stateComparison.ignoredTables.formUnion(RealLibraryPresets.grdbLedgerTables)
        let shadow = ShadowSession(
            control: control, file: path, shadowFolder: folder.url.appendingPathComponent("shadow"),
            openCandidate: { try GRDBSessions.open(.queue, at: $0, access: .readWrite, setup: GRDBBookmarks.setup(port)) },
            options: options
        )
        defer { try? shadow.close() }
        let session: BookmarksSession = shadow
        // The scenarios' calls, made by the app on the shadowed session (refusals are the app's to see).
        _ = try session.read { try $0.store.bookmark(Self.seeded) }
        _ = try session.write { try $0.store.addFolder("Reading") }
        try session.write { context in
            try context.store.add(Bookmark(
                uuid: Self.added, folderID: 2, url: "https://swift.org", title: "Swift",
                createdAt: Self.day.addingTimeInterval(60), isFavorite: true, rating: 3
            ))
        }
        _ = try session.read { try $0.store.bookmarks(inFolder: 2) }
        _ = try session.write { try $0.store.setFavorite(Self.seeded, true) }
        _ = try session.read { try $0.store.createdBefore(Self.day.addingTimeInterval(1)) }
        return publisher.events.filter { !$0.differences.isEmpty || $0.error != nil }
    }

    @Test("shadow mode reports the naive port's units and none of the fixed port's")
    func shadowVerdicts() throws {
        #expect(!(try shadowEvents(.naive)).isEmpty)
        let fixed = try shadowEvents(.fixed)
        #expect(fixed.isEmpty, "\(String(describing: fixed))")
    }
}
