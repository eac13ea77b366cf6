import CSQLite

// Value conversion for the C callbacks of custom SQL functions (system library only: the callbacks call the
// system libsqlite3 directly, which is the library that invokes them).

/// The values SQLite passes to a custom function, copied into Swift values.
func callbackArguments(_ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) -> [SQLiteValue] {
    guard let values, count > 0 else { return [] }
    var arguments: [SQLiteValue] = []
    arguments.reserveCapacity(Int(count))
    for index in 0..<Int(count) {
        arguments.append(callbackValue(values[index]))
    }
    return arguments
}

/// One `sqlite3_value*` as a Swift value in its own storage class.
func callbackValue(_ value: OpaquePointer?) -> SQLiteValue {
    switch sqlite3_value_type(value) {
    case SQLITE_INTEGER:
        return .integer(sqlite3_value_int64(value))
    case SQLITE_FLOAT:
        return .real(sqlite3_value_double(value))
    case SQLITE_TEXT:
        // Text first, then its length: asking for the length first could convert the value twice.
        guard let text = sqlite3_value_text(value) else { return .text("") }
        let count = Int(sqlite3_value_bytes(value))
        return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
    case SQLITE_BLOB:
        guard let bytes = sqlite3_value_blob(value) else { return .blob([]) }
        let count = Int(sqlite3_value_bytes(value))
        return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
    default:
        return .null
    }
}

/// Sets a custom function's result.
func setCallbackResult(_ context: OpaquePointer?, _ value: SQLiteValue) {
    switch value {
    case .null:
        sqlite3_result_null(context)
    case .integer(let number):
        sqlite3_result_int64(context, number)
    case .real(let number):
        sqlite3_result_double(context, number)
    case .text(let text):
        var text = text
        text.withUTF8 { buffer in
            guard let base = buffer.baseAddress else {
                // An empty string stays TEXT, never NULL.
                "".withCString { sqlite3_result_text(context, $0, 0, transientDestructor) }
                return
            }
            UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                sqlite3_result_text(context, $0, Int32(buffer.count), transientDestructor)
            }
        }
    case .blob(let bytes):
        if bytes.isEmpty {
            sqlite3_result_zeroblob(context, 0)
            return
        }
        bytes.withUnsafeBytes { buffer in
            sqlite3_result_blob(context, buffer.baseAddress, Int32(buffer.count), transientDestructor)
        }
    }
}

/// Reports a Swift error thrown by a custom function as the SQL statement's error.
func setCallbackError(_ context: OpaquePointer?, _ error: any Error) {
    let message = String(describing: error)
    message.withCString { sqlite3_result_error(context, $0, -1) }
}

extension EngineConnection {
    /// Refuses callbacks on a library other than the system one.
    ///
    /// Custom functions, collations and hooks register C callbacks that call back into the library through the
    /// system library's symbols; the SQLCipher engine is loaded at run time under its own symbols, so its
    /// connections cannot use them.
    func requireSystemLibrary(_ feature: String) throws(SQLiteError) -> OpaquePointer {
        guard library.kind == .system else {
            throw SQLiteError(
                extendedCode: ResultCode.misuse,
                message: "\(feature) need the system SQLite engine; the \(library.kind.rawValue) engine "
                    + "(SQLite \(library.version)) does not offer them"
            )
        }
        return try openHandle(sql: nil)
    }
}
