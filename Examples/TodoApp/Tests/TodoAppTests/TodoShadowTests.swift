import Foundation
import PersistenceSession
import ShadowSessions
import Testing
import TodoDifferential
import TodoLegacy
import TodoModel
import TodoReaderWriter

/// The to-do app in shadow mode, as it would ship before the default switches: the legacy session serves the app,
/// the reader/writer session runs the same units on a shadow copy, and what differs is published.
@Suite("To-do app in shadow mode")
struct TodoShadowTests {
    /// The units a screen of the app runs: add an item with a due date, toggle it, read the list and the counts.
    private static func useTheApp(_ session: some PersistenceSession<any TodoReadContext, any TodoWriteContext>) throws {
        let item = TodoItem(
            id: TodoSamples.itemID(900), listId: 1, title: "Shadowed milk", notes: nil,
            dueDate: TodoSamples.date(days: 3, seconds: 45_296, milliseconds: 250), priority: 1, isDone: false
        )
        _ = try session.write { try $0.items.addItem(item) }
        _ = try session.write { try $0.items.toggleItem(id: item.id) }
        _ = try session.read { try $0.items.items(inList: 1) }
        _ = try session.read { try $0.lists.openItemCounts() }
    }

    private static func shadowed<Candidate: PersistenceSession>(
        _ file: String, candidate: @escaping @Sendable (String) throws -> Candidate, publisher: CollectingShadowPublisher
    ) throws -> ShadowSession<TodoLegacySession.Engine, Candidate>
    where Candidate.ReadContext == any TodoReadContext, Candidate.WriteContext == any TodoWriteContext {
        var options = ShadowOptions()
        options.publisher = publisher
        options.samplingSeed = 1
        return ShadowSession(
            control: try TodoLegacySession.open(at: file), file: file, openCandidate: candidate, options: options
        )
    }

    @Test("a correct port shadowing the legacy session publishes nothing, and every unit is compared")
    func correctPortAgrees() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("todo.sqlite")
        try TodoSampleFile.create(at: file)
        let publisher = CollectingShadowPublisher()
        let session = try Self.shadowed(file, candidate: { try TodoReaderWriterSession.openQueue(at: $0) }, publisher: publisher)
        try Self.useTheApp(session)
        let statistics = session.statistics
        try session.close()
        #expect(publisher.events.isEmpty, "\(publisher.events)")
        #expect(statistics.compared == 4 && statistics.mismatches == 0)
    }

    @Test("the naive port (GRDB's stored forms) is published with its porting trap, and the app sees the legacy results")
    func naivePortIsPublishedWithItsTrap() throws {
        let folder = try TemporaryFolder()
        let file = folder.path("todo.sqlite")
        try TodoSampleFile.create(at: file)
        let publisher = CollectingShadowPublisher()
        let session = try Self.shadowed(
            file, candidate: { try TodoReaderWriterSession.openQueue(at: $0, forms: .grdbDefaults) }, publisher: publisher
        )
        try Self.useTheApp(session)
        let served = try session.read { try $0.items.item(id: TodoSamples.itemID(900)) }
        try session.close()
        #expect(served?.isDone == true)
        let traps = Set(publisher.events.compactMap(\.trap))
        #expect(!publisher.events.isEmpty)
        #expect(traps.contains("date-format") || traps.contains("uuid-form"), "\(publisher.events)")
        // The real file holds what the legacy session wrote: the item is there, read back by the legacy session.
        let reopened = try TodoLegacySession.open(at: file, access: .readOnly)
        defer { try? reopened.close() }
        #expect(try reopened.read { try $0.items.item(id: TodoSamples.itemID(900)) }?.title == "Shadowed milk")
    }
}
