import CSQLite

/// The flags SQLite's function registration takes.
private let utf8Encoding: Int32 = 1  // SQLITE_UTF8
private let deterministicFlag: Int32 = 0x0000_0800  // SQLITE_DETERMINISTIC

extension EngineConnection {
    /// Registers a scalar SQL function written in Swift.
    ///
    /// SQL can then call it by name on this connection (`SELECT name(x) FROM t`). The closure runs synchronously on
    /// the connection's thread, inside the statement that calls it; an error it throws becomes the statement's
    /// error (`SQLITE_ERROR` with the error's description as message). Registering the same name and argument
    /// count again replaces the function.
    ///
    /// Works on Linux: the callback is a plain C function with the closure as boxed user data, not an Objective-C
    /// block. Only on the system engine.
    ///
    /// - Parameters:
    ///   - name: the SQL name (at most 255 bytes of UTF-8).
    ///   - argumentCount: how many arguments it takes, or -1 for any number.
    ///   - deterministic: whether the same arguments always give the same result (lets SQLite use it in indexes
    ///     and factor it out of loops).
    ///   - body: computes the result from the argument values.
    /// - Throws: ``SQLiteError`` when SQLite refuses the registration (for example while statements run), or
    ///   `SQLITE_MISUSE` on the sqlcipher engine.
    public func createFunction(
        _ name: String, argumentCount: Int32 = -1, deterministic: Bool = false,
        _ body: @escaping ([SQLiteValue]) throws -> SQLiteValue
    ) throws(SQLiteError) {
        let db = try requireSystemLibrary("custom SQL functions")
        try validateFunction(name: name, argumentCount: argumentCount)
        let box = Unmanaged.passRetained(ScalarFunctionBox(body)).toOpaque()
        // On failure SQLite calls the destroy callback itself, which releases the box.
        let rc = name.withCString {
            sqlite3_create_function_v2(
                db, $0, argumentCount, utf8Encoding | (deterministic ? deterministicFlag : 0), box,
                scalarFunctionCallback, nil, nil, releaseScalarFunctionBox
            )
        }
        try check(rc)
    }

    /// Registers an aggregate SQL function written in Swift (like `sum` or `group_concat`).
    ///
    /// Each group the query forms starts from a copy of `initialState`; `step` folds one row's arguments into it;
    /// `final` turns the folded state into the group's result (it also runs for an empty input, on the initial
    /// state). Errors thrown by either become the statement's error. Only on the system engine.
    ///
    /// - Throws: ``SQLiteError`` when SQLite refuses the registration, or `SQLITE_MISUSE` on the sqlcipher engine.
    public func createAggregate<State>(
        _ name: String, argumentCount: Int32 = -1, deterministic: Bool = false, initialState: State,
        step: @escaping (inout State, [SQLiteValue]) throws -> Void,
        final: @escaping (State) throws -> SQLiteValue
    ) throws(SQLiteError) {
        let db = try requireSystemLibrary("custom SQL functions")
        try validateFunction(name: name, argumentCount: argumentCount)
        let aggregate = AggregateFunctionBox(
            makeState: { AggregateStateBox(initialState) },
            step: { object, arguments in
                guard let box = object as? AggregateStateBox<State> else { return }
                try step(&box.state, arguments)
            },
            final: { object in
                guard let box = object as? AggregateStateBox<State> else { return .null }
                return try final(box.state)
            }
        )
        let box = Unmanaged.passRetained(aggregate).toOpaque()
        let rc = name.withCString {
            sqlite3_create_function_v2(
                db, $0, argumentCount, utf8Encoding | (deterministic ? deterministicFlag : 0), box,
                nil, aggregateStepCallback, aggregateFinalCallback, releaseAggregateFunctionBox
            )
        }
        try check(rc)
    }

    /// Removes a function registered with ``createFunction(_:argumentCount:deterministic:_:)`` or
    /// ``createAggregate(_:argumentCount:deterministic:initialState:step:final:)``.
    public func removeFunction(_ name: String, argumentCount: Int32 = -1) throws(SQLiteError) {
        let db = try requireSystemLibrary("custom SQL functions")
        try validateFunction(name: name, argumentCount: argumentCount)
        let rc = name.withCString {
            sqlite3_create_function_v2(db, $0, argumentCount, utf8Encoding, nil, nil, nil, nil, nil)
        }
        try check(rc)
    }

    /// Registers a collating sequence written in Swift, usable as `COLLATE name` in SQL and in schemas.
    ///
    /// `compare` orders two strings: negative when the first sorts before the second, zero when they are equal,
    /// positive otherwise. It must be a consistent total order, or indexes using it break. Only on the system
    /// engine.
    ///
    /// - Throws: ``SQLiteError`` when SQLite refuses it (for example while statements run), or `SQLITE_MISUSE` on
    ///   the sqlcipher engine.
    public func createCollation(_ name: String, _ compare: @escaping (String, String) -> Int) throws(SQLiteError) {
        let db = try requireSystemLibrary("custom collations")
        guard !name.isEmpty, name.utf8.count <= 255 else {
            throw SQLiteError(extendedCode: ResultCode.misuse, message: "invalid collation name '\(name)'")
        }
        let retained = Unmanaged.passRetained(CollationBox(compare))
        let rc = name.withCString {
            sqlite3_create_collation_v2(db, $0, utf8Encoding, retained.toOpaque(), collationCallback, releaseCollationBox)
        }
        if rc != ResultCode.ok {
            // Unlike the function API, SQLite does not call the destroy callback when this registration fails.
            retained.release()
            throw lastError()
        }
    }

    private func validateFunction(name: String, argumentCount: Int32) throws(SQLiteError) {
        guard !name.isEmpty, name.utf8.count <= 255 else {
            throw SQLiteError(extendedCode: ResultCode.misuse, message: "invalid SQL function name '\(name)'")
        }
        guard (-1...127).contains(argumentCount) else {
            throw SQLiteError(
                extendedCode: ResultCode.misuse,
                message: "SQL function \(name): argument count \(argumentCount) is not in -1...127"
            )
        }
    }
}

// MARK: Boxes passed to SQLite as user data

/// A scalar function's closure, retained by SQLite until the function is replaced or the connection closes.
private final class ScalarFunctionBox {
    let body: ([SQLiteValue]) throws -> SQLiteValue
    init(_ body: @escaping ([SQLiteValue]) throws -> SQLiteValue) { self.body = body }
}

/// An aggregate's closures, with its state type erased so the C callbacks need no generics.
private final class AggregateFunctionBox {
    let makeState: () -> AnyObject
    let step: (AnyObject, [SQLiteValue]) throws -> Void
    let final: (AnyObject) throws -> SQLiteValue

    init(
        makeState: @escaping () -> AnyObject, step: @escaping (AnyObject, [SQLiteValue]) throws -> Void,
        final: @escaping (AnyObject) throws -> SQLiteValue
    ) {
        self.makeState = makeState
        self.step = step
        self.final = final
    }
}

/// The running state of one group of one aggregate call.
private final class AggregateStateBox<State> {
    var state: State
    init(_ state: State) { self.state = state }
}

/// A collation's comparison closure.
private final class CollationBox {
    let compare: (String, String) -> Int
    init(_ compare: @escaping (String, String) -> Int) { self.compare = compare }
}

// MARK: C callbacks

private func scalarFunctionCallback(
    _ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?
) {
    guard let data = sqlite3_user_data(context) else { return }
    let box = Unmanaged<ScalarFunctionBox>.fromOpaque(data).takeUnretainedValue()
    do {
        setCallbackResult(context, try box.body(callbackArguments(count, values)))
    } catch {
        setCallbackError(context, error)
    }
}

private func releaseScalarFunctionBox(_ data: UnsafeMutableRawPointer?) {
    guard let data else { return }
    Unmanaged<ScalarFunctionBox>.fromOpaque(data).release()
}

/// The slot SQLite keeps per group: a pointer to the retained state box (zeroed by SQLite on first use).
private typealias StateSlot = UnsafeMutablePointer<UnsafeMutableRawPointer?>

private func aggregateStepCallback(
    _ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?
) {
    guard let data = sqlite3_user_data(context) else { return }
    let function = Unmanaged<AggregateFunctionBox>.fromOpaque(data).takeUnretainedValue()
    guard let raw = sqlite3_aggregate_context(context, Int32(MemoryLayout<UnsafeMutableRawPointer?>.size)) else {
        sqlite3_result_error_nomem(context)
        return
    }
    let slot = raw.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    let state: AnyObject
    if let existing = slot.pointee {
        state = Unmanaged<AnyObject>.fromOpaque(existing).takeUnretainedValue()
    } else {
        state = function.makeState()
        slot.pointee = Unmanaged.passRetained(state).toOpaque()
    }
    do {
        try function.step(state, callbackArguments(count, values))
    } catch {
        setCallbackError(context, error)
    }
}

private func aggregateFinalCallback(_ context: OpaquePointer?) {
    guard let data = sqlite3_user_data(context) else { return }
    let function = Unmanaged<AggregateFunctionBox>.fromOpaque(data).takeUnretainedValue()
    // SQLite calls the final callback exactly once for every group whose slot was allocated, also when the
    // statement is reset or fails midway: the state box is released here.
    let slot = sqlite3_aggregate_context(context, 0)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    let state: AnyObject
    if let slot, let existing = slot.pointee {
        state = Unmanaged<AnyObject>.fromOpaque(existing).takeRetainedValue()
        slot.pointee = nil
    } else {
        state = function.makeState()  // no row reached the aggregate: finish from the initial state
    }
    do {
        setCallbackResult(context, try function.final(state))
    } catch {
        setCallbackError(context, error)
    }
}

private func releaseAggregateFunctionBox(_ data: UnsafeMutableRawPointer?) {
    guard let data else { return }
    Unmanaged<AggregateFunctionBox>.fromOpaque(data).release()
}

private func collationCallback(
    _ data: UnsafeMutableRawPointer?, _ leftCount: Int32, _ left: UnsafeRawPointer?, _ rightCount: Int32,
    _ right: UnsafeRawPointer?
) -> Int32 {
    guard let data else { return 0 }
    let box = Unmanaged<CollationBox>.fromOpaque(data).takeUnretainedValue()
    let order = box.compare(collationText(left, leftCount), collationText(right, rightCount))
    return order < 0 ? -1 : (order > 0 ? 1 : 0)
}

private func collationText(_ bytes: UnsafeRawPointer?, _ count: Int32) -> String {
    guard let bytes, count > 0 else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)
}

private func releaseCollationBox(_ data: UnsafeMutableRawPointer?) {
    guard let data else { return }
    Unmanaged<CollationBox>.fromOpaque(data).release()
}
