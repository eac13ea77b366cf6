import Foundation
import PersistenceSession
import Testing
import TodoModel

@Suite("Lists, on every driver")
struct ListRepositoryTests {
    @Test("lists are numbered as they are made and listed by creation date, then id", arguments: DriverKind.allCases)
    func creationOrder(driver: DriverKind) throws {
        let fixture = try SessionFixture(driver)
        defer { try? fixture.session.close() }
        let made = try fixture.session.write { context in
            [
                try context.lists.createList(title: "later", createdAt: SessionFixture.day.addingTimeInterval(86_400)),
                try context.lists.createList(title: "earlier", createdAt: SessionFixture.day),
            ]
        }
        #expect(made.map(\.id) == [1, 2])
        let listed = try fixture.session.read { try $0.lists.lists() }
        #expect(listed.map(\.title) == ["earlier", "later"])
        #expect(listed.allSatisfy { !$0.isArchived })
    }

    @Test("renaming, archiving and deleting say whether a list was there", arguments: DriverKind.allCases)
    func missingLists(driver: DriverKind) throws {
        let fixture = try SessionFixture(driver)
        defer { try? fixture.session.close() }
        let outcomes = try fixture.session.write { context in
            let list = try context.lists.createList(title: "Home", createdAt: SessionFixture.day)
            return [
                try context.lists.renameList(id: list.id, to: "House"), try context.lists.renameList(id: 9, to: "x"),
                try context.lists.setArchived(id: list.id, true), try context.lists.setArchived(id: 9, true),
                try context.lists.deleteList(id: 9),
            ]
        }
        #expect(outcomes == [true, false, true, false, false])
        let list = try fixture.session.read { try $0.lists.list(id: 1) }
        #expect(list?.title == "House")
        #expect(list?.isArchived == true)
    }

    @Test("open items are counted per list, lists without any count 0", arguments: DriverKind.allCases)
    func openCounts(driver: DriverKind) throws {
        let fixture = try SessionFixture(driver)
        defer { try? fixture.session.close() }
        let counts = try fixture.session.write { context in
            _ = try context.lists.createList(title: "a", createdAt: SessionFixture.day)
            _ = try context.lists.createList(title: "b", createdAt: SessionFixture.day)
            _ = try context.items.addItem(SessionFixture.item(1, list: 1, "open"))
            _ = try context.items.addItem(SessionFixture.item(2, list: 1, "done", done: true))
            _ = try context.items.addItem(SessionFixture.item(3, list: 1, "open too"))
            return try context.lists.openItemCounts()
        }
        #expect(counts == [OpenItemCount(listId: 1, openItems: 2), OpenItemCount(listId: 2, openItems: 0)])
    }

    @Test("deleting a list deletes its items: foreign keys are on in every session", arguments: DriverKind.allCases)
    func cascade(driver: DriverKind) throws {
        let fixture = try SessionFixture(driver)
        defer { try? fixture.session.close() }
        try fixture.session.write { context in
            _ = try context.lists.createList(title: "a", createdAt: SessionFixture.day)
            _ = try context.items.addItem(SessionFixture.item(1, list: 1, "goes with the list"))
            #expect(try context.lists.deleteList(id: 1))
        }
        #expect(try RawFile.text(fixture.path, "SELECT count(*) FROM items") == "0")
    }
}

@Suite("Async units of work")
struct AsyncUnitTests {
    @Test("async read and write units run the same repositories on every driver", arguments: DriverKind.allCases)
    func asyncUnits(driver: DriverKind) async throws {
        let fixture = try SessionFixture(driver)
        defer { try? fixture.session.close() }
        let made = try await fixture.session.write { context in
            try context.lists.createList(title: "async", createdAt: SessionFixture.day)
        }
        let read = try await fixture.session.read { context in try context.lists.lists() }
        #expect(read == [made])
    }
}
