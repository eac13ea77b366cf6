import MMEXFixtures
import SQLiteEngine
import Testing

@Suite("exact decimal money")
struct FixedPointTests {
    @Test("text keeps every decimal digit and the sign")
    func text() {
        #expect(FixedPoint(units: 10, digits: 2).text == "0.10")
        #expect(FixedPoint(units: -1250, digits: 2).text == "-12.50")
        #expect(FixedPoint(units: 1, digits: 8).text == "0.00000001")
        #expect(FixedPoint(units: 1200, digits: 0).text == "1200")
        #expect(FixedPoint(units: 12_345_678_901_234, digits: 2).text == "123456789012.34")
    }

    @Test("doubles are the ones nearest the decimal values, as a literal gives")
    func doubles() {
        #expect(FixedPoint(units: 10, digits: 2).double == 0.1)
        #expect(FixedPoint(units: 1, digits: 8).double == 1e-8)
        #expect(FixedPoint(units: 12_345_678_901_234, digits: 2).double == 123_456_789_012.34)
        #expect(FixedPoint(units: -31_025, digits: 2).sqlValue == .real(-310.25))
    }

    @Test("multiply-divide keeps 128 bits in between and refuses a result that does not fit")
    func multiplyDivide() {
        #expect(FixedPoint.multiplyDivide(Int64.max, 4, 8) == Int64.max / 2)
        #expect(FixedPoint.multiplyDivide(10, 3, 4) == 7)
        #expect(FixedPoint.multiplyDivide(Int64.max, Int64.max, 1) == nil)
        #expect(FixedPoint.multiplyDivide(-1, 3, 4) == nil)
    }
}
