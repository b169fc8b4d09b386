/*
 * ApexCharts as the accounting charts use it: the tree-shakable core with only the bar and line
 * types and the legend (the full build would put the page over its JS budget). Loaded lazily.
 */
import ReactApexChart from 'react-apexcharts/core';
import 'apexcharts/bar';
import 'apexcharts/line';
import 'apexcharts/features/legend';

export default ReactApexChart;
