import MMEXModel
import MMEXSessionSupport
import ReaderWriterDriver

extension ReaderWriterUnit {
    /// Refuses a table that lacks one of `columns` (default: every v21 column of `Record`) before SQL names them, in
    /// the same words as the legacy side (see ``TableShape``).
    func requireColumns<Record: MMEXRecord>(of record: Record.Type, _ columns: [String]? = nil) throws {
        let present = try run { db in
            try String.fetchAll(db.cachedStatement(sql: TableShape.columnNamesSQL), arguments: [Record.tableName])
        }
        if let error = TableShape.missingColumn(
            table: Record.tableName, required: columns ?? Record.columnNames, present: present
        ) {
            throw error
        }
    }
}
