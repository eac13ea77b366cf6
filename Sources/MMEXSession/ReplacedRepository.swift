import MMEXModel

// Test doubles of a session: the real context with one repository replaced by key. A double forwards every other
// repository without naming it, so a new slice never edits a double.

extension MMEXReadContext {
    /// This context with `key`'s repository replaced by `replacement`; every other key is vended by this context.
    package func replacing<Key: ReadableRepositoryKey>(_ key: Key.Type, with replacement: Key.Reading) -> any MMEXReadContext {
        ReplacedReadRepository<Key>(base: self, replacement: replacement)
    }
}

extension MMEXWriteContext {
    /// This context with `key`'s repository replaced by `replacement`; every other key is vended by this context.
    package func replacing<Key: RepositoryKey>(_ key: Key.Type, with replacement: Key.Writing) -> any MMEXWriteContext {
        ReplacedWriteRepository<Key>(base: self, replacement: replacement)
    }
}

/// A read context that vends `replacement` for `Replaced` and forwards every other key to `base`.
private struct ReplacedReadRepository<Replaced: ReadableRepositoryKey>: MMEXReadContext {
    let base: any MMEXReadContext
    let replacement: Replaced.Reading

    func repository<Key: ReadableRepositoryKey>(_ key: Key.Type) -> Key.Reading {
        // The cast succeeds exactly when Key is Replaced (then Key.Reading is Replaced.Reading).
        if Key.self == Replaced.self, let replaced = replacement as? Key.Reading { return replaced }
        return base.repository(key)
    }
}

/// A write context that vends `replacement` for `Replaced` and forwards every other key to `base`.
private struct ReplacedWriteRepository<Replaced: RepositoryKey>: MMEXWriteContext {
    let base: any MMEXWriteContext
    let replacement: Replaced.Writing

    func repository<Key: RepositoryKey>(_ key: Key.Type) -> Key.Writing {
        if Key.self == Replaced.self, let replaced = replacement as? Key.Writing { return replaced }
        return base.repository(key)
    }
}
