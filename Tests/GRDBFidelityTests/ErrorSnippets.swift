// Error handling with result codes, written as GRDB's documentation of DatabaseError and ResultCode shows it.
import Foundation
import ReaderWriterDriver

enum ErrorSnippets {
    /// `catch DatabaseError.SQLITE_CONSTRAINT_FOREIGNKEY` before the wider `catch DatabaseError.SQLITE_CONSTRAINT`.
    static func catchByExtendedThenPrimaryCode() throws -> [String] {
        let dbQueue = try makeFilledLibrary()
        var outcomes: [String] = []
        for book in [Book(id: nil, authorId: 999, title: "Stray"), Book(id: 1, authorId: 1, title: "Duplicate")] {
            do {
                try dbQueue.write { db in
                    var book = book
                    try book.insert(db)
                }
                outcomes.append("inserted")
            } catch DatabaseError.SQLITE_CONSTRAINT_FOREIGNKEY {
                outcomes.append("no such author")
            } catch DatabaseError.SQLITE_CONSTRAINT {
                outcomes.append("other constraint")
            }
        }
        return outcomes
    }

    /// A switch over `error.extendedResultCode` with result-code cases.
    static func switchOnExtendedResultCode() throws -> String {
        let dbQueue = try makeFilledLibrary()
        do {
            try dbQueue.write { db in
                try db.execute(sql: "INSERT INTO player (id, name, score) VALUES (1, 'Again', 0)")
            }
            return "inserted"
        } catch let error as DatabaseError {
            switch error.extendedResultCode {
            case .SQLITE_CONSTRAINT_FOREIGNKEY:
                return "foreign key"
            case .SQLITE_CONSTRAINT_PRIMARYKEY:
                return "primary key"
            case .SQLITE_CONSTRAINT:
                return "constraint"
            default:
                return "other: \(error)"
            }
        }
    }

    /// `catch ResultCode.SQLITE_CONSTRAINT` matches any constraint error, and the codes compare by value.
    static func catchResultCodeAndCompare() throws -> (caught: Bool, primary: Bool, raw: Int32) {
        let dbQueue = try makeFilledLibrary()
        var caught = false
        var primary = false
        var raw: Int32 = 0
        do {
            try dbQueue.write { db in
                try db.execute(sql: "INSERT INTO player (name) VALUES (NULL)")
            }
        } catch ResultCode.SQLITE_CONSTRAINT {
            caught = true
        }
        do {
            try dbQueue.write { db in
                try db.execute(sql: "INSERT INTO player (name) VALUES (NULL)")
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            primary = error.extendedResultCode.primaryResultCode == .SQLITE_CONSTRAINT
                && error.extendedResultCode != .SQLITE_CONSTRAINT
            raw = error.extendedResultCode.rawValue
        }
        return (caught, primary, raw)
    }

    /// A `DatabaseError` made by app code, as GRDB's initializer makes one, and matched like SQLite's own.
    static func throwOwnDatabaseError() -> (matched: Bool, message: String?) {
        let error = DatabaseError(resultCode: .SQLITE_BUSY, message: "try again later")
        do {
            throw error
        } catch DatabaseError.SQLITE_BUSY {
            return (true, error.message)
        } catch {
            return (false, nil)
        }
    }
}

// Changing the passphrase and observing a request, as GRDB's README shows them.
enum EncryptionAndObservationSnippets {
    /// `changePassphrase` in a queue's `write`, with `prepareDatabase` reading the latest passphrase.
    static func changePassphraseOnQueue(directory: URL) throws -> Int? {
        let keychain = Keychain(passphrase: "secret")
        var config = Configuration()
        config.prepareDatabase { db in
            try db.usePassphrase(keychain.passphrase)
        }
        let path = directory.appendingPathComponent("queue.sqlite").path
        let dbQueue = try DatabaseQueue(path: path, configuration: config)
        try dbQueue.write { db in
            try db.execute(sql: "CREATE TABLE t(a)")
            try db.execute(sql: "INSERT INTO t VALUES (1)")
        }
        try dbQueue.write { db in
            try db.changePassphrase("newSecret")
        }
        keychain.passphrase = "newSecret"
        try dbQueue.close()
        let reopened = try DatabaseQueue(path: path, configuration: config)
        return try reopened.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM t") }
    }

    /// `changePassphrase` on a pool, in `barrierWriteWithoutTransaction`, then `invalidateReadOnlyConnections`.
    static func changePassphraseOnPool(directory: URL) throws -> Int? {
        let keychain = Keychain(passphrase: "secret")
        var config = Configuration()
        config.prepareDatabase { db in
            try db.usePassphrase(keychain.passphrase)
        }
        let path = directory.appendingPathComponent("pool.sqlite").path
        let dbPool = try DatabasePool(path: path, configuration: config)
        try dbPool.write { db in
            try db.execute(sql: "CREATE TABLE t(a)")
            try db.execute(sql: "INSERT INTO t VALUES (1)")
        }
        try dbPool.barrierWriteWithoutTransaction { db in
            try db.changePassphrase("newSecret")
            keychain.passphrase = "newSecret"
            dbPool.invalidateReadOnlyConnections()
        }
        return try dbPool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM t") }
    }

    /// An observation of one table: a write to another table does not deliver a new value.
    static func observationIgnoresOtherTables() async throws -> [Int] {
        let dbQueue = try makeLibrary()
        let observation = ValueObservation.tracking { db in
            try Player.fetchCount(db)
        }
        var counts: [Int] = []
        for try await count in observation.values(in: dbQueue) {
            counts.append(count)
            if count == 1 || counts.count > 2 { break }
            try await dbQueue.write { db in
                var author = Author(id: nil, name: "Austen")
                try author.insert(db)
            }
            try await dbQueue.write { db in
                var player = Player(id: nil, name: "Arthur", score: 100)
                try player.insert(db)
            }
        }
        return counts
    }
}

/// Where the app keeps its passphrase (a keychain in a real app).
final class Keychain: @unchecked Sendable {
    // @unchecked Sendable: `stored` is only read or written under `lock`.
    private let lock = NSLock()
    private var stored: String
    init(passphrase: String) { stored = passphrase }
    var passphrase: String {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
