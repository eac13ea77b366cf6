/// The record types of every table in the MMEX v21 schema, in `tables.sql` order.
public enum MMEXTables {
    /// One record type per table (25).
    public static let all: [any MMEXRecord.Type] = [
        Account.self, Asset.self, ScheduledTransaction.self, ScheduledSplit.self, BudgetEntry.self, BudgetYear.self,
        Category.self, AccountTransaction.self, CurrencyHistory.self, CurrencyFormat.self, InfoEntry.self,
        Payee.self, TransactionSplit.self, Stock.self, StockHistory.self, Setting.self, Report.self, Attachment.self,
        UsageEntry.self, CustomField.self, CustomFieldValue.self, TransactionLink.self, ShareInfo.self, Tag.self,
        TagLink.self,
    ]

    /// The record type of a table (names compared ASCII case-insensitively), if it is an MMEX v21 table.
    public static func recordType(forTable name: String) -> (any MMEXRecord.Type)? {
        let wanted = name.asciiUppercased
        return all.first { $0.tableName.asciiUppercased == wanted }
    }

    /// Tables that the desktop and Android apps never create (only `tables.sql` as the iOS app runs it does): a
    /// repository over them must report their absence, not fail on it.
    public static let optionalTables: Set<String> = [Setting.tableName, UsageEntry.tableName]
}
