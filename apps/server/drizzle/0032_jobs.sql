-- Reserved: this migration's changes are added with the feature that needs them.
SELECT 1;
