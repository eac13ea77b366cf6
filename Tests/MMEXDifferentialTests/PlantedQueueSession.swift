import Foundation
import MMEXModel
@testable import MMEXReaderWriter
import MMEXSessionSupport
import MMEXSession
import PersistenceSession
import ReaderWriterDriver

/// A bug planted into the real reader/writer infotable repository, for proving the differential suite catches it.
enum PlantedBug: Sendable {
    /// `INFONAME` compared with `COLLATE BINARY` instead of NOCASE, in lookups, updates and deletes.
    case caseSensitiveLookup
    /// `entries()` pages with a limit one short (`LIMIT count - 1`).
    case offByOneList
    /// `setValue` binds the value as a BLOB: the TEXT column keeps the blob, reads of it then fail.
    case blobValues
}

/// The queue session with one planted bug in its infotable repository: everything else is the real session (the
/// contexts replace the infotable repository by key and forward every other one). The buggy methods are the real
/// repository's SQL with the one change, run on the real unit of work.
final class PlantedQueueSession: MMEXSession {
    static var driver: DriverKind { .queue }

    let inner: QueueSession
    let bug: PlantedBug

    init(inner: QueueSession, bug: PlantedBug) {
        self.inner = inner
        self.bug = bug
    }

    static func create(at path: String, key: DatabaseKey?, configuration: SessionConfiguration) throws -> PlantedQueueSession {
        throw PersistenceError.invalidUse("a planted variant is made with init(inner:bug:)")
    }

    static func open(
        at path: String, key: DatabaseKey?, access: SessionAccess, configuration: SessionConfiguration
    ) throws -> PlantedQueueSession {
        throw PersistenceError.invalidUse("a planted variant is made with init(inner:bug:)")
    }

    static func openInMemorySample(configuration: SessionConfiguration) throws -> PlantedQueueSession {
        throw PersistenceError.invalidUse("a planted variant is made with init(inner:bug:)")
    }

    var location: SessionLocation { inner.location }
    var access: SessionAccess { inner.access }
    var isClosed: Bool { inner.isClosed }

    func read<T>(_ work: (any MMEXReadContext) throws -> T) throws -> T {
        try inner.read { context in
            try work(context.replacing(InfoTableRepositoryKey.self, with: PlantedInfoTable(real: context.infoTable, bug: bug)))
        }
    }

    func write<T>(_ work: (any MMEXWriteContext) throws -> T) throws -> T {
        try inner.write { context in
            try work(context.replacing(InfoTableRepositoryKey.self, with: PlantedInfoTable(real: context.infoTable, bug: bug)))
        }
    }

    func close() throws { try inner.close() }
}

/// The real repository (reached through `@testable`), with the planted bug.
private struct PlantedInfoTable: InfoTableRepository {
    let real: ReaderWriterInfoTableRepository
    let bug: PlantedBug

    init(real: any InfoTableReading, bug: PlantedBug) {
        // The queue session vends its own repository type; anything else is a broken test set-up.
        self.real = real as! ReaderWriterInfoTableRepository
        self.bug = bug
    }

    private var unit: ReaderWriterUnit { real.unit }

    func entries() throws -> [InfoEntry] {
        guard bug == .offByOneList else { return try real.entries() }
        return try unit.run { db in
            try InfoEntryRecord.fetchAll(
                db, sql: InfoEntryRecord.selection + " ORDER BY INFOID LIMIT (SELECT count(*) - 1 FROM INFOTABLE_V1)"
            ).map(\.entry)
        }
    }

    func entry(for key: InfoKey) throws -> InfoEntry? {
        guard bug == .caseSensitiveLookup else { return try real.entry(for: key) }
        return try unit.run { db in
            try InfoEntryRecord.fetchOne(
                db, sql: InfoEntryRecord.selection + " WHERE INFONAME = ? COLLATE BINARY ORDER BY INFOID LIMIT 1",
                arguments: [key.rawValue]
            )?.entry
        }
    }

    func setValue(_ value: String, for key: InfoKey) throws -> InfoEntry {
        switch bug {
        case .offByOneList:
            return try real.setValue(value, for: key)
        case .blobValues:
            let stored = try real.setValue(value, for: key)
            try unit.run { db in
                try db.execute(
                    sql: "UPDATE INFOTABLE_V1 SET INFOVALUE = CAST(? AS BLOB) WHERE INFOID = ?", arguments: [value, stored.id]
                )
            }
            return stored
        case .caseSensitiveLookup:
            if var existing = try entry(for: key) {
                try unit.run { db in
                    try db.execute(sql: "UPDATE INFOTABLE_V1 SET INFOVALUE = ? WHERE INFOID = ?", arguments: [value, existing.id])
                }
                existing.value = value
                return existing
            }
            return try unit.run { db in
                let id = try IdentifierMinting.newID(from: unit.minter, table: "INFOTABLE_V1") { candidate in
                    try Int64.fetchOne(db, sql: "SELECT INFOID FROM INFOTABLE_V1 WHERE INFOID = ?", arguments: [candidate]) != nil
                }
                try db.execute(
                    sql: "INSERT INTO INFOTABLE_V1 (INFOID, INFONAME, INFOVALUE) VALUES (?, ?, ?)",
                    arguments: [id, key.rawValue, value]
                )
                return InfoEntry(id: id, name: key.rawValue, value: value)
            }
        }
    }

    func removeValue(for key: InfoKey) throws -> Bool {
        guard bug == .caseSensitiveLookup else { return try real.removeValue(for: key) }
        return try unit.run { db in
            try db.execute(sql: "DELETE FROM INFOTABLE_V1 WHERE INFONAME = ? COLLATE BINARY", arguments: [key.rawValue])
            return db.changesCount > 0
        }
    }
}
