export default {
  heading: 'Statistics',
  views: 'Views',
  downloads: 'Downloads',
  bots: 'Bots',
  total: { views: 'Views in all', downloads: 'Downloads in all', bots: 'Bot visits in all' },
  lastVisit: 'Last visit',
  firstVisit: 'First:',
  never: 'Not yet',
  chartTitle: 'Bar chart of views, downloads and bot visits per day, last 14 days',
  summary: 'In the last 14 days (UTC): {{summary}}',
  referrers: 'Linked from',
  noReferrers: 'No other site has linked visitors here yet.',
  botsHint:
    'Bots are link previews and crawlers: counted apart, they never use up a view. Figures are added every few seconds.',
};
