import MMEXModel
import PersistenceSession

/// The rules both drivers follow when they store a ``TransactionDetail``: which ids are minted and in which order,
/// and how the dependants are tied to the transaction. Only these rules are shared; each repository reads and writes
/// the rows in its own driver's idiom, and answers "is this id taken?" and "is this a transaction custom field?"
/// itself.
///
/// - Ids of 0 are minted with the session's ``IdentifierMinter``, in this order: the transaction, its splits, its tag
///   links, custom field values, attachments, translinks, share info (each list in the order given). Other ids are
///   stored as given.
/// - Every dependant gets the transaction's id (`TRANSID`, `REFID` or `CHECKINGACCOUNTID`); attachments get
///   `REFTYPE` `Transaction`.
/// - A tag link's `REFTYPE` is `Transaction` (it tags the transaction) or `TransactionSplit` (it tags one of the
///   detail's splits). A split link names its split by the split's id as given, or, for a new split (id 0), by the
///   negative of its position (-1 is the first split); it is stored with the split's stored id.
/// - A custom field value's `FIELDID` must be a `CUSTOMFIELD_V1` field whose `REFTYPE` is `Transaction` (the only
///   values a transaction reads back and deletes).
public enum TransactionDetailPlan {
    /// `REFTYPE` of a tag link, attachment or custom field that belongs to a transaction.
    public static let transactionRefType = "Transaction"
    /// `REFTYPE` of a tag link on a split.
    public static let splitRefType = "TransactionSplit"

    /// The detail with every id assigned and every reference tied, ready to write.
    ///
    /// - Parameters:
    ///   - isTaken: whether a row with this id exists in the table (the driver asks its database).
    ///   - isTransactionField: whether `FIELDID` is a custom field of `REFTYPE` `Transaction`.
    /// - Throws: ``PersistenceError/invalidUse(_:)`` for a tag link that names no split of the detail or has another
    ///   `REFTYPE`, or a custom field value of a field that is not a transaction field; what the closures throw.
    public static func prepare(
        _ detail: TransactionDetail, minter: IdentifierMinter,
        isTaken: (_ table: String, _ id: Int64) throws -> Bool,
        isTransactionField: (_ fieldId: Int64) throws -> Bool
    ) throws -> TransactionDetail {
        var minted: [String: Set<Int64>] = [:]
        func assign(_ id: Int64, table: String) throws -> Int64 {
            guard id == 0 else { return id }
            let fresh = try IdentifierMinting.newID(from: minter, table: table) { candidate in
                try minted[table, default: []].contains(candidate) || isTaken(table, candidate)
            }
            minted[table, default: []].insert(fresh)
            return fresh
        }

        var result = detail
        let transactionId = try assign(detail.transaction.id, table: AccountTransaction.tableName)
        result.transaction.id = transactionId

        var splitIds: [Int64: Int64] = [:]
        for index in result.splits.indices {
            let given = result.splits[index].id
            let stored = try assign(given, table: TransactionSplit.tableName)
            result.splits[index].id = stored
            result.splits[index].transactionId = transactionId
            splitIds[given == 0 ? -Int64(index + 1) : given] = stored
        }
        for index in result.tagLinks.indices {
            let link = result.tagLinks[index]
            switch link.refType {
            case transactionRefType:
                result.tagLinks[index].refId = transactionId
            case splitRefType:
                guard let split = splitIds[link.refId] else {
                    throw PersistenceError.invalidUse(
                        "tag link \(link.id) names split \(link.refId), which is not a split of transaction \(transactionId)"
                    )
                }
                result.tagLinks[index].refId = split
            default:
                throw PersistenceError.invalidUse(
                    "tag link \(link.id) has REFTYPE '\(link.refType)'; a transaction's links are '\(transactionRefType)' or '\(splitRefType)'"
                )
            }
            result.tagLinks[index].id = try assign(link.id, table: TagLink.tableName)
        }
        for index in result.customFieldValues.indices {
            let value = result.customFieldValues[index]
            guard try isTransactionField(value.fieldId) else {
                throw PersistenceError.invalidUse("custom field \(value.fieldId) is not a field of transactions")
            }
            result.customFieldValues[index].refId = transactionId
            result.customFieldValues[index].id = try assign(value.id, table: CustomFieldValue.tableName)
        }
        for index in result.attachments.indices {
            result.attachments[index].refType = transactionRefType
            result.attachments[index].refId = transactionId
            result.attachments[index].id = try assign(result.attachments[index].id, table: Attachment.tableName)
        }
        for index in result.links.indices {
            result.links[index].transactionId = transactionId
            result.links[index].id = try assign(result.links[index].id, table: TransactionLink.tableName)
        }
        if var share = result.shareInfo {
            share.transactionId = transactionId
            share.id = try assign(share.id, table: ShareInfo.tableName)
            result.shareInfo = share
        }
        return result
    }

    /// The error for an update of a transaction that is not stored.
    public static func missing(_ id: Int64) -> PersistenceError {
        .invalidUse("there is no transaction \(id) to update")
    }
}
