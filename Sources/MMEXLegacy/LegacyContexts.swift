import MMEXModel
import MMEXSession
import PersistenceSession

/// The context of a legacy read unit of work: the reading side of every repository.
///
/// Each repository file vends its repository from here in an extension (`var currencies: any CurrencyReading`), so a
/// slice lands in its own files; the ``MMEXReadContext`` requirements have no defaults, so a missing one does not
/// compile.
struct LegacyReadContext: MMEXReadContext {
    /// The unit of work every repository of this context works in.
    let unit: LegacyUnit
}

/// The context of a legacy write unit of work: every repository with its writing side, vended the same
/// way from each repository file.
struct LegacyWriteContext: MMEXWriteContext {
    /// The unit of work every repository of this context works in.
    let unit: LegacyUnit
}
