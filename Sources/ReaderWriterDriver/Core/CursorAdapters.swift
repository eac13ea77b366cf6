/// GRDB's name for a lazy sequence read from the database.
public typealias Cursor = DatabaseCursor

extension DatabaseCursor {
    /// A cursor of the transformed elements, computed one at a time as it is read (as GRDB's `Cursor.map`).
    @inlinable
    public func map<T>(_ transform: @escaping (Element) throws -> T) -> MapCursor<Self, T> {
        MapCursor(base: self, transform: transform)
    }

    /// A cursor of the elements that satisfy `isIncluded`, tested one at a time as it is read.
    @inlinable
    public func filter(_ isIncluded: @escaping (Element) throws -> Bool) -> FilterCursor<Self> {
        FilterCursor(base: self, isIncluded: isIncluded)
    }

    /// A cursor of the non-nil results of `transform`, computed one at a time as it is read.
    @inlinable
    public func compactMap<T>(_ transform: @escaping (Element) throws -> T?) -> CompactMapCursor<Self, T> {
        CompactMapCursor(base: self, transform: transform)
    }

    /// The first element that satisfies `predicate`, reading no further.
    @inlinable
    public func first(where predicate: (Element) throws -> Bool) throws -> Element? {
        while let element = try next() { if try predicate(element) { return element } }
        return nil
    }

    /// Whether an element satisfies `predicate`, reading no further than the first that does.
    @inlinable
    public func contains(where predicate: (Element) throws -> Bool) throws -> Bool {
        try first(where: predicate) != nil
    }

    /// Whether the cursor has no (more) elements; reads one when there is one.
    @inlinable
    public var isEmpty: Bool { get throws { try next() == nil } }
}

/// The elements of a cursor, transformed as they are read.
public final class MapCursor<Base: DatabaseCursor, Element>: DatabaseCursor {
    @usableFromInline let base: Base
    @usableFromInline let transform: (Base.Element) throws -> Element

    @inlinable
    init(base: Base, transform: @escaping (Base.Element) throws -> Element) {
        self.base = base
        self.transform = transform
    }

    /// The next element of the base cursor, transformed, or `nil` when the base cursor has no more.
    ///
    /// - Throws: What the base cursor or the transform throws.
    @inlinable
    public func next() throws -> Element? {
        guard let element = try base.next() else { return nil }
        return try transform(element)
    }
}

/// The elements of a cursor that satisfy a predicate.
public final class FilterCursor<Base: DatabaseCursor>: DatabaseCursor {
    /// The type of the elements: the base cursor's.
    public typealias Element = Base.Element
    @usableFromInline let base: Base
    @usableFromInline let isIncluded: (Base.Element) throws -> Bool

    @inlinable
    init(base: Base, isIncluded: @escaping (Base.Element) throws -> Bool) {
        self.base = base
        self.isIncluded = isIncluded
    }

    /// The next element of the base cursor that satisfies the predicate, or `nil` when none is left. Reads and
    /// drops the elements before it.
    ///
    /// - Throws: What the base cursor or the predicate throws.
    @inlinable
    public func next() throws -> Element? {
        while let element = try base.next() { if try isIncluded(element) { return element } }
        return nil
    }
}

/// The non-nil results of a transform of a cursor's elements.
public final class CompactMapCursor<Base: DatabaseCursor, Element>: DatabaseCursor {
    @usableFromInline let base: Base
    @usableFromInline let transform: (Base.Element) throws -> Element?

    @inlinable
    init(base: Base, transform: @escaping (Base.Element) throws -> Element?) {
        self.base = base
        self.transform = transform
    }

    /// The next non-nil result of the transform, or `nil` when the base cursor has no more. Reads and drops the
    /// elements whose result is `nil`.
    ///
    /// - Throws: What the base cursor or the transform throws.
    @inlinable
    public func next() throws -> Element? {
        while let element = try base.next() { if let value = try transform(element) { return value } }
        return nil
    }
}

extension Array {
    /// Every remaining element of a cursor, in order (as GRDB's `Array(cursor)`).
    @inlinable
    public init<C: DatabaseCursor>(_ cursor: C) throws where C.Element == Element {
        self.init()
        while let element = try cursor.next() { append(element) }
    }
}

extension Set {
    /// Every remaining element of a cursor.
    @inlinable
    public init<C: DatabaseCursor>(_ cursor: C) throws where C.Element == Element {
        self.init()
        while let element = try cursor.next() { insert(element) }
    }
}
