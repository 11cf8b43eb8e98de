### English texts of the learning features' Discord side: the practice table's footer and
### stale buttons, hints turned off, the history's marks and Review button.

learn-ui-step = Lesson { $n } of { $total } · you can leave at any time and come back with /goita learn
learn-ui-stale = That button was from an earlier step: here is where you are now.
learn-hint-off = Hints are turned off at this server's rated tables.
learn-hist-hinted = hints used, not rated
learn-btn-review_match = #{ $id } review
learn-review-gone = The review of match #{ $id } is no longer stored: run /goita review { $id } again.
learn-unavailable = Learning is not available on this bot right now.
learn-review-not_recorded = You have no recorded match here: only its players can review a match, once it is recorded.
