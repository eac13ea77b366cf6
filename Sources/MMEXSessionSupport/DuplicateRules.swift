import MMEXModel
import PersistenceSession

/// The rules of duplicate transactions, shared by both drivers' repositories (each reads the facts in its own idiom).
///
/// **Duplicate key.** Two transactions are duplicates (the same statement line imported twice) when they are not
/// deleted (`DELETEDTIME` NULL or empty) and agree on: `ACCOUNTID`; `TOACCOUNTID` (NULL, -1 and 0 all mean "no
/// transfer target"); the day (`TRANSDATE` with a trailing `T00:00:00` removed, so `2024-01-05` and
/// `2024-01-05T00:00:00` agree, other times do not); `TRANSAMOUNT` as a number (`100` and `100.0` agree);
/// `PAYEEID`; `TRANSCODE` (exact). Status, number, category, notes and the rest may differ: they are what a merge
/// folds in.
///
/// **Richness.** splits + tag links (on the transaction) + attachments + custom field values + 1 for non-empty notes.
/// The richest is kept; a tie keeps the lowest `TRANSID` (the first import).
public enum DuplicateRules {
    /// `REFTYPE` of a transaction in `TAGLINK_V1`, `ATTACHMENT_V1` and `CUSTOMFIELD_V1`.
    public static let transactionRefType = "Transaction"
    /// `REFTYPE` of a split in `TAGLINK_V1`.
    public static let splitRefType = "TransactionSplit"

    /// The day a `TRANSDATE` names for the key.
    public static func day(_ transDate: String?) -> String {
        guard let transDate else { return "" }
        return transDate.hasSuffix("T00:00:00") ? String(transDate.dropLast(9)) : transDate
    }

    /// The transfer target for the key (no target: -1).
    public static func transferTarget(_ toAccountId: Int64?) -> Int64 {
        guard let toAccountId, toAccountId > 0 else { return -1 }
        return toAccountId
    }

    /// What identifies a statement line.
    public struct Key: Hashable, Sendable {
        public let accountId: Int64
        public let toAccountId: Int64
        public let day: String
        public let amount: Double
        public let payeeId: Int64
        public let code: String

        public init(accountId: Int64, toAccountId: Int64?, transDate: String?, amount: Double, payeeId: Int64, code: String) {
            self.accountId = accountId
            self.toAccountId = DuplicateRules.transferTarget(toAccountId)
            self.day = DuplicateRules.day(transDate)
            self.amount = amount
            self.payeeId = payeeId
            self.code = code
        }
    }

    /// One live transaction with what counts for its richness.
    public struct Candidate: Sendable {
        public let id: Int64
        public let key: Key
        public let notes: String?
        public let splits: Int
        public let tags: Int
        public let attachments: Int
        public let customValues: Int

        public init(id: Int64, key: Key, notes: String?, splits: Int, tags: Int, attachments: Int, customValues: Int) {
            self.id = id
            self.key = key
            self.notes = notes
            self.splits = splits
            self.tags = tags
            self.attachments = attachments
            self.customValues = customValues
        }

        public var richness: Int {
            splits + tags + attachments + customValues + (notes.map { $0.isEmpty ? 0 : 1 } ?? 0)
        }
    }

    /// The ids that share a key with at least one other, one array per key (ids ascending), ordered by their lowest
    /// id. Richness is only needed for these.
    public static func keyGroups(_ rows: [(id: Int64, key: Key)]) -> [[Int64]] {
        var byKey: [Key: [Int64]] = [:]
        for row in rows { byKey[row.key, default: []].append(row.id) }
        return byKey.values.filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }

    /// The group of `members` (two or more of one key): the richest kept, the others in id order.
    public static func group(_ members: [Candidate]) -> DuplicateGroup? {
        guard let first = members.first else { return nil }
        let keep = keeper(members, first: first)
        return DuplicateGroup(keepId: keep.id, duplicateIds: members.map(\.id).filter { $0 != keep.id }.sorted())
    }

    /// The richest candidate; ties go to the lowest id.
    static func keeper(_ members: [Candidate], first: Candidate) -> Candidate {
        var best = first
        for candidate in members {
            if candidate.richness > best.richness || (candidate.richness == best.richness && candidate.id < best.id) {
                best = candidate
            }
        }
        return best
    }

    /// The kept notes after folding in `other`: the other's notes when the kept ones are empty; appended on a new
    /// line when both have different notes (and the kept ones do not already contain them); unchanged otherwise.
    public static func foldedNotes(kept: String?, other: String?) -> String? {
        guard let other, !other.isEmpty else { return kept }
        guard let kept, !kept.isEmpty else { return other }
        if kept.contains(other) { return kept }
        return kept + "\n" + other
    }
}

extension DuplicateRules {
    /// The group's duplicates in id order, after checking the group is well formed.
    ///
    /// - Throws: ``PersistenceError/invalidUse(_:)`` for an empty group, a kept id among the duplicates, or an id
    ///   listed twice.
    public static func checked(_ group: DuplicateGroup) throws -> [Int64] {
        let others = group.duplicateIds.sorted()
        guard !others.isEmpty else { throw PersistenceError.invalidUse("a duplicate group needs at least one duplicate") }
        guard !others.contains(group.keepId), Set(others).count == others.count else {
            throw PersistenceError.invalidUse("a duplicate group lists each transaction once, the kept one only as kept")
        }
        return others
    }

    /// A transaction of a group that does not exist (or is deleted).
    public static func missing(_ id: Int64) -> PersistenceError {
        .invalidUse("transaction \(id) does not exist or is deleted")
    }

    /// A transaction of a group whose key differs from the kept one's.
    public static func notDuplicate(_ id: Int64, of keepId: Int64) -> PersistenceError {
        .invalidUse("transaction \(id) is not a duplicate of \(keepId) (account, day, amount, payee, code or transfer target differ)")
    }
}
