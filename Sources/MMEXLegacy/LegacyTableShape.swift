import LegacyDriver
import MMEXModel
import MMEXSessionSupport

extension LegacyUnit {
    /// Refuses a table that lacks one of `columns` (default: every v21 column of `Record`) before the query builder
    /// names them (see ``TableShape``).
    func requireColumns<Record: MMEXRecord>(of record: Record.Type, _ columns: [String]? = nil) throws {
        let present = try run {
            try db.prepare(TableShape.columnNamesSQL, Record.tableName).allValues().compactMap { row -> String? in
                if case .text(let name)? = row.first { return name }
                return nil
            }
        }
        if let error = TableShape.missingColumn(
            table: Record.tableName, required: columns ?? Record.columnNames, present: present
        ) {
            throw error
        }
    }
}
