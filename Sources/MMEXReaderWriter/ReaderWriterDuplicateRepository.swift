import MMEXModel
import MMEXSessionSupport
import MMEXSession
import PersistenceSession
import ReaderWriterDriver

/// Slice 7 on the reader/writer driver: duplicate transactions found and merged with SQL on the unit's `db`.
///
/// The rules (key, richness, how notes fold) are ``DuplicateRules``; this type reads the facts and makes the changes.
/// A merge runs in a savepoint that a dry run rolls back, so a dry run reports exactly what a merge does. Tables an
/// old file lacks (tags, attachments, custom fields, links, share info) count as empty.
struct ReaderWriterDuplicateRepository: DuplicateRepository {
    let unit: ReaderWriterUnit

    private static let transactionFields =
        "SELECT FIELDID FROM CUSTOMFIELD_V1 WHERE REFTYPE = '\(DuplicateRules.transactionRefType)'"

    func duplicateGroups(accountId: Int64?) throws -> [DuplicateGroup] {
        try unit.run { db in
            var sql = """
                SELECT TRANSID, ACCOUNTID, TOACCOUNTID, TRANSDATE, CAST(TRANSAMOUNT AS REAL), PAYEEID, TRANSCODE
                FROM CHECKINGACCOUNT_V1 WHERE \(try liveCondition(db))
                """
            var arguments: StatementArguments = []
            if let accountId {
                sql += " AND ACCOUNTID = ?"
                arguments = [accountId]
            }
            let keys = try Row.fetchAll(db, sql: sql + " ORDER BY TRANSID", arguments: arguments).map { row in
                (id: try row.decode(Int64.self, atIndex: 0), key: try key(row))
            }
            let tables = try existingTables(db)
            return try DuplicateRules.keyGroups(keys).compactMap { ids in
                DuplicateRules.group(try ids.compactMap { try candidate($0, tables: tables, db) })
            }
        }
    }

    func merge(_ group: DuplicateGroup, dryRun: Bool) throws -> DuplicateMerge {
        try unit.run { db in
            let tables = try existingTables(db)
            let others = try DuplicateRules.checked(group)
            guard let kept = try candidate(group.keepId, tables: tables, db) else {
                throw DuplicateRules.missing(group.keepId)
            }
            var members: [DuplicateRules.Candidate] = []
            for id in others {
                guard let other = try candidate(id, tables: tables, db) else { throw DuplicateRules.missing(id) }
                guard other.key == kept.key else { throw DuplicateRules.notDuplicate(id, of: group.keepId) }
                members.append(other)
            }
            var folded: [String] = []
            try db.inSavepoint {
                folded = try fold(members, into: kept, tables: tables, db)
                return dryRun ? .rollback : .commit
            }
            return DuplicateMerge(group: group, foldedIn: folded, deletedIds: others)
        }
    }

    // MARK: Reading

    private func key(_ row: Row) throws -> DuplicateRules.Key {
        DuplicateRules.Key(
            accountId: try row.decode(atIndex: 1) ?? -1, toAccountId: try row.decode(atIndex: 2), transDate: try row.decode(atIndex: 3), amount: try row.decode(atIndex: 4) ?? 0, payeeId: try row.decode(atIndex: 5) ?? -1,
            code: try row.decode(atIndex: 6) ?? ""
        )
    }

    /// Not deleted: `DELETEDTIME` NULL or empty; files older than the column (MMEX 0.9.7) have only live rows.
    private func liveCondition(_ db: Database) throws -> String {
        let columns = try String.fetchAll(db, sql: "SELECT upper(name) FROM pragma_table_info('CHECKINGACCOUNT_V1')")
        return columns.contains("DELETEDTIME") ? "(DELETEDTIME IS NULL OR DELETEDTIME = '')" : "1"
    }

    private func existingTables(_ db: Database) throws -> Set<String> {
        Set(try String.fetchAll(db, sql: "SELECT upper(name) FROM sqlite_master WHERE type = 'table'"))
    }

    private func count(_ db: Database, _ sql: String, _ id: Int64) throws -> Int {
        try Int.fetchOne(db, sql: sql, arguments: [id]) ?? 0
    }

    /// A live transaction with its richness, or `nil` when there is none with this id.
    private func candidate(_ id: Int64, tables: Set<String>, _ db: Database) throws -> DuplicateRules.Candidate? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT TRANSID, ACCOUNTID, TOACCOUNTID, TRANSDATE, CAST(TRANSAMOUNT AS REAL), PAYEEID, TRANSCODE, NOTES
            FROM CHECKINGACCOUNT_V1 WHERE TRANSID = ? AND \(try liveCondition(db))
            """, arguments: [id])
        else { return nil }
        let ref = DuplicateRules.transactionRefType
        return DuplicateRules.Candidate(
            id: id, key: try key(row), notes: try row.decode(atIndex: 7),
            splits: try count(db, "SELECT count(*) FROM SPLITTRANSACTIONS_V1 WHERE TRANSID = ?", id),
            tags: tables.contains("TAGLINK_V1")
                ? try count(db, "SELECT count(*) FROM TAGLINK_V1 WHERE REFTYPE = '\(ref)' AND REFID = ?", id) : 0,
            attachments: tables.contains("ATTACHMENT_V1")
                ? try count(db, "SELECT count(*) FROM ATTACHMENT_V1 WHERE REFTYPE = '\(ref)' AND REFID = ?", id) : 0,
            customValues: tables.contains("CUSTOMFIELDDATA_V1") && tables.contains("CUSTOMFIELD_V1")
                ? try count(db, "SELECT count(*) FROM CUSTOMFIELDDATA_V1 WHERE REFID = ? AND FIELDID IN (\(Self.transactionFields))", id)
                : 0
        )
    }

    // MARK: Merging

    /// Folds each duplicate into `kept` (in id order), then removes it with its dependants; returns what the kept
    /// record gained.
    private func fold(
        _ others: [DuplicateRules.Candidate], into kept: DuplicateRules.Candidate, tables: Set<String>, _ db: Database
    ) throws -> [String] {
        let keep = kept.id
        let ref = DuplicateRules.transactionRefType
        var folded: [String] = []
        var notes = kept.notes
        var keptSplits = kept.splits
        for other in others {
            let id = other.id
            let newNotes = DuplicateRules.foldedNotes(kept: notes, other: other.notes)
            if newNotes != notes {
                folded.append((notes ?? "").isEmpty ? "notes taken from \(id)" : "notes of \(id) appended")
                notes = newNotes
            }
            if keptSplits == 0 && other.splits > 0 {
                try db.execute(sql: "UPDATE SPLITTRANSACTIONS_V1 SET TRANSID = ? WHERE TRANSID = ?", arguments: [keep, id])
                folded.append("\(other.splits) splits moved from \(id)")
                keptSplits = other.splits
            }
            if tables.contains("TAGLINK_V1") {
                let links = try Row.fetchAll(db, sql: """
                    SELECT TAGLINKID, TAGID FROM TAGLINK_V1 WHERE REFTYPE = '\(ref)' AND REFID = ? ORDER BY TAGLINKID
                    """, arguments: [id])
                for link in links {
                    let tagId = try link.decode(Int64.self, atIndex: 1)
                    let present = try Row.fetchOne(db, sql: """
                        SELECT 1 FROM TAGLINK_V1 WHERE REFTYPE = '\(ref)' AND REFID = ? AND TAGID = ?
                        """, arguments: [keep, tagId]) != nil
                    if present { continue }
                    try db.execute(sql: "UPDATE TAGLINK_V1 SET REFID = ? WHERE TAGLINKID = ?", arguments: [keep, try link.decode(Int64.self, atIndex: 0)])
                    folded.append("tag \(tagId) added from \(id)")
                }
            }
            if tables.contains("ATTACHMENT_V1") {
                let attachments = try Row.fetchAll(db, sql: """
                    SELECT ATTACHMENTID, FILENAME FROM ATTACHMENT_V1 WHERE REFTYPE = '\(ref)' AND REFID = ? ORDER BY ATTACHMENTID
                    """, arguments: [id])
                for attachment in attachments {
                    let fileName = try attachment.decode(String?.self, atIndex: 1) ?? ""
                    let present = try Row.fetchOne(db, sql: """
                        SELECT 1 FROM ATTACHMENT_V1 WHERE REFTYPE = '\(ref)' AND REFID = ? AND FILENAME = ?
                        """, arguments: [keep, fileName]) != nil
                    if present { continue }
                    try db.execute(
                        sql: "UPDATE ATTACHMENT_V1 SET REFID = ? WHERE ATTACHMENTID = ?", arguments: [keep, try attachment.decode(Int64.self, atIndex: 0)]
                    )
                    folded.append("attachment \(fileName.debugDescription) added from \(id)")
                }
            }
            if tables.contains("CUSTOMFIELDDATA_V1") && tables.contains("CUSTOMFIELD_V1") {
                let values = try Row.fetchAll(db, sql: """
                    SELECT FIELDATADID, FIELDID FROM CUSTOMFIELDDATA_V1
                    WHERE REFID = ? AND FIELDID IN (\(Self.transactionFields)) ORDER BY FIELDATADID
                    """, arguments: [id])
                for value in values {
                    let fieldId = try value.decode(Int64.self, atIndex: 1)
                    let present = try Row.fetchOne(
                        db, sql: "SELECT 1 FROM CUSTOMFIELDDATA_V1 WHERE REFID = ? AND FIELDID = ?", arguments: [keep, fieldId]
                    ) != nil
                    if present { continue }
                    try db.execute(
                        sql: "UPDATE CUSTOMFIELDDATA_V1 SET REFID = ? WHERE FIELDATADID = ?", arguments: [keep, try value.decode(Int64.self, atIndex: 0)]
                    )
                    folded.append("custom field \(fieldId) added from \(id)")
                }
            }
            for (table, what) in [("TRANSLINK_V1", "links"), ("SHAREINFO_V1", "share info")] where tables.contains(table) {
                let keptHas = try count(db, "SELECT count(*) FROM \(table) WHERE CHECKINGACCOUNTID = ?", keep) > 0
                let otherHas = try count(db, "SELECT count(*) FROM \(table) WHERE CHECKINGACCOUNTID = ?", id) > 0
                if !keptHas && otherHas {
                    try db.execute(sql: "UPDATE \(table) SET CHECKINGACCOUNTID = ? WHERE CHECKINGACCOUNTID = ?", arguments: [keep, id])
                    folded.append("\(what) moved from \(id)")
                }
            }
            try remove(id, tables: tables, db)
        }
        if notes != kept.notes {
            try db.execute(sql: "UPDATE CHECKINGACCOUNT_V1 SET NOTES = ? WHERE TRANSID = ?", arguments: [notes, keep])
        }
        return folded
    }

    /// Deletes a folded duplicate with everything still attached to it.
    private func remove(_ id: Int64, tables: Set<String>, _ db: Database) throws {
        let ref = DuplicateRules.transactionRefType
        if tables.contains("TAGLINK_V1") {
            try db.execute(sql: """
                DELETE FROM TAGLINK_V1 WHERE REFTYPE = '\(DuplicateRules.splitRefType)'
                AND REFID IN (SELECT SPLITTRANSID FROM SPLITTRANSACTIONS_V1 WHERE TRANSID = ?)
                """, arguments: [id])
            try db.execute(sql: "DELETE FROM TAGLINK_V1 WHERE REFTYPE = '\(ref)' AND REFID = ?", arguments: [id])
        }
        try db.execute(sql: "DELETE FROM SPLITTRANSACTIONS_V1 WHERE TRANSID = ?", arguments: [id])
        if tables.contains("ATTACHMENT_V1") {
            try db.execute(sql: "DELETE FROM ATTACHMENT_V1 WHERE REFTYPE = '\(ref)' AND REFID = ?", arguments: [id])
        }
        if tables.contains("CUSTOMFIELDDATA_V1") && tables.contains("CUSTOMFIELD_V1") {
            try db.execute(
                sql: "DELETE FROM CUSTOMFIELDDATA_V1 WHERE REFID = ? AND FIELDID IN (\(Self.transactionFields))", arguments: [id]
            )
        }
        for table in ["TRANSLINK_V1", "SHAREINFO_V1"] where tables.contains(table) {
            try db.execute(sql: "DELETE FROM \(table) WHERE CHECKINGACCOUNTID = ?", arguments: [id])
        }
        try db.execute(sql: "DELETE FROM CHECKINGACCOUNT_V1 WHERE TRANSID = ?", arguments: [id])
    }
}

/// Vends the repository in reader/writer units of work (`context.duplicates`).
extension DuplicateRepositoryKey: ReaderWriterReadableRepositoryKey {
    package static func reading(in unit: ReaderWriterUnit) -> any DuplicateReading {
        ReaderWriterDuplicateRepository(unit: unit)
    }
    package static func writing(in unit: ReaderWriterUnit) -> any DuplicateRepository {
        ReaderWriterDuplicateRepository(unit: unit)
    }
}
