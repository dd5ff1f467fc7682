/** The part of cron-parser 4's expression module the page uses (its package entry also holds a file reader that needs Node's `fs`). */
declare module 'cron-parser/lib/expression' {
  interface CronIterator {
    next(): { toDate(): Date };
  }
  const CronExpression: { parse(expression: string, options?: { tz?: string; currentDate?: Date }): CronIterator };
  export default CronExpression;
}
