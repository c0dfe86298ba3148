import './page.js';
