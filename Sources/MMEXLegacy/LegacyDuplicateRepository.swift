import LegacyDriver
import MMEXModel
import MMEXSessionSupport
import MMEXSession
import PersistenceSession

/// The tables a duplicate merge touches, as the legacy app declares them for the query builder.
private enum Dup {
    static let transactions = Table("CHECKINGACCOUNT_V1")
    static let transId = SQLExpression<Int64>("TRANSID")
    static let accountId = SQLExpression<Int64?>("ACCOUNTID")
    static let toAccountId = SQLExpression<Int64?>("TOACCOUNTID")
    static let transDate = SQLExpression<String?>("TRANSDATE")
    static let amount = SQLExpression<Double?>(literal: "CAST(\"TRANSAMOUNT\" AS REAL)")
    static let payeeId = SQLExpression<Int64?>("PAYEEID")
    static let code = SQLExpression<String?>("TRANSCODE")
    static let notes = SQLExpression<String?>("NOTES")
    static let deletedTime = SQLExpression<String?>("DELETEDTIME")
    static var live: SQLExpression<Bool?> { deletedTime == nil || deletedTime == "" }

    static let splits = Table("SPLITTRANSACTIONS_V1")
    static let splitId = SQLExpression<Int64>("SPLITTRANSID")

    static let tagLinks = Table("TAGLINK_V1")
    static let tagLinkId = SQLExpression<Int64>("TAGLINKID")
    static let refType = SQLExpression<String>("REFTYPE")
    static let refId = SQLExpression<Int64>("REFID")
    static let tagId = SQLExpression<Int64>("TAGID")

    static let attachments = Table("ATTACHMENT_V1")
    static let attachmentId = SQLExpression<Int64>("ATTACHMENTID")
    static let fileName = SQLExpression<String?>("FILENAME")

    static let fields = Table("CUSTOMFIELD_V1")
    static let values = Table("CUSTOMFIELDDATA_V1")
    static let valueId = SQLExpression<Int64>("FIELDATADID")
    static let fieldId = SQLExpression<Int64>("FIELDID")
    static let checkingAccountId = SQLExpression<Int64>("CHECKINGACCOUNTID")

    /// `FIELDID IN (fields of transactions)`.
    static var transactionField: SQLExpression<Bool> {
        SQLExpression<Bool>(
            "\"FIELDID\" IN (SELECT \"FIELDID\" FROM \"CUSTOMFIELD_V1\" WHERE \"REFTYPE\" = ?)",
            [.text(DuplicateRules.transactionRefType)]
        )
    }
}

/// Slice 7 on the legacy driver: duplicate transactions found and merged with the query builder on the retained
/// connection, with the rules of ``DuplicateRules``. A merge runs in a savepoint that a dry run rolls back.
struct LegacyDuplicateRepository: DuplicateRepository {
    let unit: LegacyUnit

    private struct DryRun: Error {}

    func duplicateGroups(accountId: Int64?) throws -> [DuplicateGroup] {
        try unit.run {
            var query = Dup.transactions
                .select(Dup.transId, Dup.accountId, Dup.toAccountId, Dup.transDate, Dup.amount, Dup.payeeId, Dup.code)
                .filter(try live())
            if let accountId { query = query.filter(Dup.accountId == accountId) }
            let keys = try unit.db.prepare(query.order(Dup.transId)).map { row in
                (id: try row.get(Dup.transId), key: try key(row))
            }
            let tables = try existingTables()
            return try DuplicateRules.keyGroups(keys).compactMap { ids in
                DuplicateRules.group(try ids.compactMap { try candidate($0, tables: tables) })
            }
        }
    }

    func merge(_ group: DuplicateGroup, dryRun: Bool) throws -> DuplicateMerge {
        try unit.run {
            let tables = try existingTables()
            let others = try DuplicateRules.checked(group)
            guard let kept = try candidate(group.keepId, tables: tables) else { throw DuplicateRules.missing(group.keepId) }
            var members: [DuplicateRules.Candidate] = []
            for id in others {
                guard let other = try candidate(id, tables: tables) else { throw DuplicateRules.missing(id) }
                guard other.key == kept.key else { throw DuplicateRules.notDuplicate(id, of: group.keepId) }
                members.append(other)
            }
            var folded: [String] = []
            do {
                try unit.db.savepoint {
                    folded = try fold(members, into: kept, tables: tables)
                    if dryRun { throw DryRun() }
                }
            } catch is DryRun {}
            return DuplicateMerge(group: group, foldedIn: folded, deletedIds: others)
        }
    }

    // MARK: Reading

    private func key(_ row: Row) throws -> DuplicateRules.Key {
        DuplicateRules.Key(
            accountId: try row.get(Dup.accountId) ?? -1, toAccountId: try row.get(Dup.toAccountId),
            transDate: try row.get(Dup.transDate), amount: try row.get(Dup.amount) ?? 0,
            payeeId: try row.get(Dup.payeeId) ?? -1, code: try row.get(Dup.code) ?? ""
        )
    }

    /// Not deleted; files older than `DELETEDTIME` (MMEX 0.9.7) have only live rows. (A missing column must not
    /// reach the SQL: SQLite would read the quoted name as a string literal.)
    private func live() throws -> SQLExpression<Bool?> {
        let rows = try unit.db.prepare("PRAGMA table_info(\"CHECKINGACCOUNT_V1\")").allValues()
        let hasColumn = rows.contains { row in
            row.count > 1 && { if case .text(let name) = row[1] { name.uppercased() == "DELETEDTIME" } else { false } }()
        }
        return hasColumn ? Dup.live : SQLExpression<Bool?>(literal: "1")
    }

    private func existingTables() throws -> Set<String> {
        Set(try unit.db.prepare(SchemaColumns.table.select(SchemaColumns.name).filter(SchemaColumns.type == "table"))
            .map { try $0.get(SchemaColumns.name).uppercased() })
    }

    private var transactionRef: SQLExpression<Bool> { Dup.refType == DuplicateRules.transactionRefType }

    private func candidate(_ id: Int64, tables: Set<String>) throws -> DuplicateRules.Candidate? {
        let query = Dup.transactions
            .select(Dup.transId, Dup.accountId, Dup.toAccountId, Dup.transDate, Dup.amount, Dup.payeeId, Dup.code, Dup.notes)
            .filter(Dup.transId == id).filter(try live())
        guard let row = try unit.db.pluck(query) else { return nil }
        return DuplicateRules.Candidate(
            id: id, key: try key(row), notes: try row.get(Dup.notes),
            splits: try unit.db.scalar(Dup.splits.filter(Dup.transId == id).count),
            tags: tables.contains("TAGLINK_V1")
                ? try unit.db.scalar(Dup.tagLinks.filter(transactionRef && Dup.refId == id).count) : 0,
            attachments: tables.contains("ATTACHMENT_V1")
                ? try unit.db.scalar(Dup.attachments.filter(transactionRef && Dup.refId == id).count) : 0,
            customValues: hasCustomFields(tables)
                ? try unit.db.scalar(Dup.values.filter(Dup.refId == id).filter(Dup.transactionField).count) : 0
        )
    }

    private func hasCustomFields(_ tables: Set<String>) -> Bool {
        tables.contains("CUSTOMFIELDDATA_V1") && tables.contains("CUSTOMFIELD_V1")
    }

    // MARK: Merging

    private func fold(_ others: [DuplicateRules.Candidate], into kept: DuplicateRules.Candidate, tables: Set<String>) throws -> [String] {
        let keep = kept.id
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
                try unit.db.run(Dup.splits.filter(Dup.transId == id).update(Dup.transId <- keep))
                folded.append("\(other.splits) splits moved from \(id)")
                keptSplits = other.splits
            }
            if tables.contains("TAGLINK_V1") {
                let links = try unit.db.prepare(
                    Dup.tagLinks.select(Dup.tagLinkId, Dup.tagId).filter(transactionRef && Dup.refId == id).order(Dup.tagLinkId)
                ).map { (try $0.get(Dup.tagLinkId), try $0.get(Dup.tagId)) }
                for (linkId, tagId) in links {
                    let present = Dup.tagLinks.filter(transactionRef && Dup.refId == keep && Dup.tagId == tagId)
                    if try unit.db.pluck(present.select(Dup.tagLinkId)) != nil { continue }
                    try unit.db.run(Dup.tagLinks.filter(Dup.tagLinkId == linkId).update(Dup.refId <- keep))
                    folded.append("tag \(tagId) added from \(id)")
                }
            }
            if tables.contains("ATTACHMENT_V1") {
                let attachments = try unit.db.prepare(
                    Dup.attachments.select(Dup.attachmentId, Dup.fileName).filter(transactionRef && Dup.refId == id)
                        .order(Dup.attachmentId)
                ).map { (try $0.get(Dup.attachmentId), try $0.get(Dup.fileName) ?? "") }
                for (attachmentId, fileName) in attachments {
                    let present = Dup.attachments.filter(transactionRef && Dup.refId == keep).filter(Dup.fileName == fileName)
                    if try unit.db.pluck(present.select(Dup.attachmentId)) != nil { continue }
                    try unit.db.run(Dup.attachments.filter(Dup.attachmentId == attachmentId).update(Dup.refId <- keep))
                    folded.append("attachment \(fileName.debugDescription) added from \(id)")
                }
            }
            if hasCustomFields(tables) {
                let values = try unit.db.prepare(
                    Dup.values.select(Dup.valueId, Dup.fieldId).filter(Dup.refId == id).filter(Dup.transactionField)
                        .order(Dup.valueId)
                ).map { (try $0.get(Dup.valueId), try $0.get(Dup.fieldId)) }
                for (valueId, fieldId) in values {
                    let present = Dup.values.filter(Dup.refId == keep && Dup.fieldId == fieldId)
                    if try unit.db.pluck(present.select(Dup.valueId)) != nil { continue }
                    try unit.db.run(Dup.values.filter(Dup.valueId == valueId).update(Dup.refId <- keep))
                    folded.append("custom field \(fieldId) added from \(id)")
                }
            }
            for (name, what) in [("TRANSLINK_V1", "links"), ("SHAREINFO_V1", "share info")] where tables.contains(name) {
                let table = Table(name)
                let keptHas = try unit.db.scalar(table.filter(Dup.checkingAccountId == keep).count) > 0
                let otherHas = try unit.db.scalar(table.filter(Dup.checkingAccountId == id).count) > 0
                if !keptHas && otherHas {
                    try unit.db.run(table.filter(Dup.checkingAccountId == id).update(Dup.checkingAccountId <- keep))
                    folded.append("\(what) moved from \(id)")
                }
            }
            try remove(id, tables: tables)
        }
        if notes != kept.notes {
            try unit.db.run(Dup.transactions.filter(Dup.transId == keep).update(Dup.notes <- notes))
        }
        return folded
    }

    private func remove(_ id: Int64, tables: Set<String>) throws {
        if tables.contains("TAGLINK_V1") {
            let splitIds: ScalarQuery<Int64> = Dup.splits.filter(Dup.transId == id).select(Dup.splitId)
            try unit.db.run(
                Dup.tagLinks.filter(Dup.refType == DuplicateRules.splitRefType).filter(splitIds.contains(Dup.refId)).delete()
            )
            try unit.db.run(Dup.tagLinks.filter(transactionRef && Dup.refId == id).delete())
        }
        try unit.db.run(Dup.splits.filter(Dup.transId == id).delete())
        if tables.contains("ATTACHMENT_V1") {
            try unit.db.run(Dup.attachments.filter(transactionRef && Dup.refId == id).delete())
        }
        if hasCustomFields(tables) {
            try unit.db.run(Dup.values.filter(Dup.refId == id).filter(Dup.transactionField).delete())
        }
        for name in ["TRANSLINK_V1", "SHAREINFO_V1"] where tables.contains(name) {
            try unit.db.run(Table(name).filter(Dup.checkingAccountId == id).delete())
        }
        try unit.db.run(Dup.transactions.filter(Dup.transId == id).delete())
    }
}

/// Vends the repository in legacy units of work (`context.duplicates`).
extension DuplicateRepositoryKey: LegacyReadableRepositoryKey {
    package static func reading(in unit: LegacyUnit) -> any DuplicateReading { LegacyDuplicateRepository(unit: unit) }
    package static func writing(in unit: LegacyUnit) -> any DuplicateRepository {
        LegacyDuplicateRepository(unit: unit)
    }
}
